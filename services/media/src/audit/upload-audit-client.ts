import { API_MESSAGES, UPLOAD_AUDIT_PATH, type UploadAudit } from '@coinmag/contracts';
import { ServiceUnavailableError, UnauthorizedError, REQUEST_ID_HEADER } from '@coinmag/service-kit';

export const AUDIT_DOWN = '無法寫入操作紀錄，這次上傳未完成，請稍後再試';

export interface UploadAuditOptions {
  /** Tries in all; the waits between them grow (200 ms, 400 ms, …). */
  attempts?: number;
  firstDelayMs?: number;
  timeoutMs?: number;
}

/**
 * Records each upload in the content service's audit log before the upload is answered.
 *
 * Why synchronous, with retries, and failing the upload when it cannot be recorded (rather than
 * a fire-and-forget call or an outbox): this service has no database to keep an outbox in, and
 * a file or bucket outbox would need its own flusher and recovery. An image can only be used
 * through the content service (saving the article that shows it), so requiring that service for
 * the upload costs no availability; and the file is stored under its content hash, so the
 * admin's retry stores nothing new and is recorded then. The result: an upload the admin saw
 * succeed is always in the log, and one that is not in the log was answered with an error.
 * Retries carry the same request id, which the content service records once.
 */
export class UploadAuditClient {
  private readonly attempts: number;
  private readonly firstDelayMs: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly contentUrl: string,
    options: UploadAuditOptions = {},
  ) {
    this.attempts = options.attempts ?? 4;
    this.firstDelayMs = options.firstDelayMs ?? 200;
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  async record(entry: UploadAudit, { authorization, requestId }: { authorization: string; requestId: string }): Promise<void> {
    let lastProblem = '';
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, this.firstDelayMs * 2 ** (attempt - 2)));
      let res: Response;
      try {
        res = await fetch(new URL(UPLOAD_AUDIT_PATH, this.contentUrl), {
          method: 'POST',
          headers: { authorization, [REQUEST_ID_HEADER]: requestId, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(entry),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (err) {
        lastProblem = (err as Error).message;
        continue;
      }
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return;
      // The token ran out or was revoked while the image was processed: the admin signs in again.
      if (res.status === 401) throw new UnauthorizedError(API_MESSAGES.unauthorized);
      lastProblem = `content answered ${res.status}`;
      // A refusal other than "busy" or "down" will not change on a retry.
      if (res.status < 500 && res.status !== 429) break;
    }
    throw new UploadNotAudited(lastProblem);
  }
}

/** The upload was stored but could not be recorded: it is answered 503 with AUDIT_DOWN. */
export class UploadNotAudited extends ServiceUnavailableError {
  constructor(readonly problem: string) {
    super(AUDIT_DOWN);
  }
}
