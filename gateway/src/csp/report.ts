import type { Middleware } from 'koa';
import { PayloadTooLargeError } from '@coinmag/service-kit';
import { CSP_REPORT_PATH } from './policy.js';

/** A report is a few hundred bytes; a batch from the Reporting API a few kilobytes. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
const MAX_REPORTS_PER_REQUEST = 5;
const MAX_FIELD_CHARS = 300;

export interface CspReportOptions {
  /** Log lines per minute at most; the rest are counted and summed up in one line. */
  maxLogsPerMinute?: number;
  now?: () => number;
}

type Json = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, MAX_FIELD_CHARS) : undefined);

/** Keeps the origin and path of a page address: query strings may hold what is not ours to log. */
function withoutQuery(value: unknown): string | undefined {
  const raw = text(value);
  if (!raw) return raw;
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname}`.slice(0, MAX_FIELD_CHARS);
  } catch {
    return raw.split(/[?#]/)[0];
  }
}

/** Both shapes: report-uri's `{"csp-report": {...}}` and the Reporting API's `[{type, body}]`. */
function violations(payload: unknown): Json[] {
  if (Array.isArray(payload)) {
    return payload
      .filter((entry): entry is Json => Boolean(entry) && typeof entry === 'object' && (entry as Json).type === 'csp-violation')
      .map((entry) => (entry.body && typeof entry.body === 'object' ? (entry.body as Json) : {}));
  }
  if (payload && typeof payload === 'object' && (payload as Json)['csp-report'] && typeof (payload as Json)['csp-report'] === 'object') {
    return [(payload as Json)['csp-report'] as Json];
  }
  return [];
}

function summary(report: Json) {
  return {
    directive: text(report.effectiveDirective ?? report['effective-directive'] ?? report['violated-directive']),
    blocked: withoutQuery(report.blockedURL ?? report['blocked-uri']),
    page: withoutQuery(report.documentURL ?? report['document-uri']),
    source: withoutQuery(report.sourceFile ?? report['source-file']),
    line: text(report.lineNumber ?? report['line-number']),
    disposition: text(report.disposition),
  };
}

async function readBounded(req: AsyncIterable<Buffer>, declared: number): Promise<Buffer> {
  if (declared > CSP_REPORT_MAX_BYTES) throw new PayloadTooLargeError('請求內容過大');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > CSP_REPORT_MAX_BYTES) throw new PayloadTooLargeError('請求內容過大');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * POST /api/csp-report: logs each violation as one warning line with a few bounded fields,
 * at most `maxLogsPerMinute` lines a minute (a page in a loop cannot flood the logs), and
 * answers 204 whatever it was sent. Bodies over 16 KiB get 413.
 */
export function cspReportEndpoint(options: CspReportOptions = {}): Middleware {
  const limit = options.maxLogsPerMinute ?? 60;
  const now = options.now ?? Date.now;
  let windowStart = now();
  let logged = 0;
  let dropped = 0;
  return async (ctx, next) => {
    if (ctx.path !== CSP_REPORT_PATH) return next();
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', 'POST');
      ctx.body = { error: '不支援的請求方法' };
      return;
    }
    const body = await readBounded(ctx.req, Number(ctx.get('content-length')) || 0).catch((err: unknown) => {
      ctx.req.resume();
      throw err;
    });
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      payload = undefined;
    }
    const time = now();
    if (time - windowStart >= 60_000) {
      if (dropped > 0) ctx.state.log.warn({ dropped }, 'csp reports not logged (over the per-minute limit)');
      windowStart = time;
      logged = 0;
      dropped = 0;
    }
    for (const report of violations(payload).slice(0, MAX_REPORTS_PER_REQUEST)) {
      if (logged >= limit) {
        dropped += 1;
        continue;
      }
      logged += 1;
      ctx.state.log.warn({ csp: summary(report) }, 'content security policy violation');
    }
    ctx.status = 204;
  };
}
