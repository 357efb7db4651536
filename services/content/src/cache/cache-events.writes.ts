import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from 'koa';
import { CACHE_CHANGES_HEADER, cacheChangesHeader, type CacheChangeEvent } from '@coinmag/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface WriteChanges {
  readonly changes: CacheChangeEvent[];
  /** False once the answer is made: work the write left running (an import) records nothing more. */
  open: boolean;
}

const changesOfWrite = new AsyncLocalStorage<WriteChanges>();

/** Notes a change announced while a write is being answered (no-op outside one: the scheduler, an import run). */
export function recordWriteChange(change: CacheChangeEvent): void {
  const write = changesOfWrite.getStore();
  if (write?.open) write.changes.push(change);
}

/**
 * Names, on the answer to every write, the changes it announced (`x-cache-changes`, `[]` when it
 * changed no public answer: an autosave, a preview link, a webhook, a refused write), so the gateway
 * that relayed it evicts exactly those before the writer reads again; the other gateways hear the
 * same changes on the stream (cache-events.ts). Set even when the write fails.
 */
export function reportWriteChanges(): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const write: WriteChanges = { changes: [], open: true };
    try {
      await changesOfWrite.run(write, next);
    } finally {
      write.open = false;
      ctx.set(CACHE_CHANGES_HEADER, cacheChangesHeader(write.changes));
    }
  };
}
