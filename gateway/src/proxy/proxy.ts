import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Middleware } from 'koa';
import { REQUEST_ID_HEADER } from '@coinmag/service-kit';
import { matchRoute, type Upstream } from './route-table.js';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

const MESSAGES = {
  unavailable: '服務暫時無法使用，請稍後再試',
  timeout: '服務回應逾時，請稍後再試',
  badGateway: '服務發生錯誤，請稍後再試',
} as const;

export interface ProxyOptions {
  upstreams: Record<Upstream, string>;
  timeoutMs: number;
  slowTimeoutMs: number;
}

function forwardedHeaders(headers: IncomingHttpHeaders, requestId: string, clientIp: string): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
  out[REQUEST_ID_HEADER] = requestId;
  out['x-forwarded-for'] = clientIp;
  return out;
}

/**
 * Streams a request to the service that owns its path and streams the answer back.
 * A service that refuses the connection gives 503, one that does not answer in time 504,
 * one that breaks mid-answer 502; the client never waits forever.
 */
export function proxyByRouteTable(options: ProxyOptions): Middleware {
  return async (ctx, next) => {
    const route = matchRoute(ctx.path);
    if (!route) return next();
    const base = new URL(options.upstreams[route.upstream]);
    const timeoutMs = route.slow ? options.slowTimeoutMs : options.timeoutMs;

    await new Promise<void>((resolve) => {
      let settled = false;
      const answer = (status: number, error: string) => {
        if (settled) return;
        settled = true;
        ctx.status = status;
        ctx.body = { error };
        resolve();
      };
      const upstreamReq = httpRequest(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          method: ctx.method,
          path: ctx.url,
          headers: forwardedHeaders(ctx.req.headers, ctx.state.requestId, ctx.ip),
        },
        (upstreamRes) => {
          if (settled) {
            upstreamRes.resume();
            return;
          }
          settled = true;
          ctx.status = upstreamRes.statusCode ?? 502;
          for (const [name, value] of Object.entries(upstreamRes.headers)) {
            if (!HOP_BY_HOP.has(name) && value !== undefined && name !== 'content-length') ctx.set(name, value as string | string[]);
          }
          const length = upstreamRes.headers['content-length'];
          ctx.body = upstreamRes;
          if (length !== undefined) ctx.length = Number(length);
          upstreamRes.on('error', () => ctx.req.destroy());
          resolve();
        },
      );
      upstreamReq.setTimeout(timeoutMs, () => {
        upstreamReq.destroy(new Error('upstream timeout'));
        answer(504, MESSAGES.timeout);
      });
      upstreamReq.on('error', (err: NodeJS.ErrnoException) => {
        const refused = err.code === 'ECONNREFUSED' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' || err.code === 'EHOSTUNREACH';
        if (!settled) ctx.state.log.warn({ upstream: route.upstream, code: err.code }, 'upstream failed');
        answer(refused ? 503 : 502, refused ? MESSAGES.unavailable : MESSAGES.badGateway);
      });
      ctx.req.on('aborted', () => upstreamReq.destroy());
      ctx.req.pipe(upstreamReq);
    });
  };
}
