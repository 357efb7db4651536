import { z } from 'zod';
import { autosaveInputSchema, AUTOSAVE_LIMITS, restoreRequestSchema } from '@coinmag/contracts';
import { NotFoundError, parseInput, readJsonBody } from '@coinmag/service-kit';
import { adminRouter, idParam } from '../admin/admin-router.js';
import type { AutosaveOwner } from './autosaves.repository.js';
import type { RevisionsService } from './revisions.service.js';

const draftKey = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);
const AUTOSAVE_BODY_BYTES = 2 * 1024 * 1024 + 64 * 1024;

function revisionParam(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw new NotFoundError('找不到這個版本');
  return Number(raw);
}

function draftOwner(raw: string | undefined): AutosaveOwner {
  const parsed = draftKey.max(AUTOSAVE_LIMITS.draftKey).safeParse(raw);
  if (!parsed.success) throw new NotFoundError('找不到資源');
  return { draftKey: parsed.data };
}

/** An article's revisions and restore, and the form's autosave (per article, or per new draft). */
export function adminRevisionRoutes(service: RevisionsService, publicKey: string) {
  const router = adminRouter('/api/articles/admin', publicKey);

  router.get('/:id/revisions', async (ctx) => {
    ctx.body = await service.list(idParam(ctx.params.id));
  });
  router.get('/:id/revisions/:revisionId', async (ctx) => {
    ctx.body = await service.get(idParam(ctx.params.id), revisionParam(ctx.params.revisionId));
  });
  router.post('/:id/revisions/:revisionId/restore', async (ctx) => {
    const id = idParam(ctx.params.id);
    const revisionId = revisionParam(ctx.params.revisionId);
    const { version } = parseInput(restoreRequestSchema, await readJsonBody(ctx, 1024));
    ctx.body = await service.restore(id, revisionId, { ip: ctx.ip || null, ...(version !== undefined ? { version } : {}) });
  });

  // The newest new-article copy, so a form opened in another browser (or after a crash) finds it.
  router.get('/drafts/latest', async (ctx) => {
    ctx.body = await service.latestDraft();
  });

  const autosave = (path: string, owner: (params: Record<string, string | undefined>) => AutosaveOwner) => {
    router.get(path, async (ctx) => {
      ctx.body = { autosave: await service.getAutosave(owner(ctx.params)) };
    });
    router.put(path, async (ctx) => {
      const ownerOf = owner(ctx.params);
      ctx.body = await service.putAutosave(ownerOf, parseInput(autosaveInputSchema, await readJsonBody(ctx, AUTOSAVE_BODY_BYTES)));
    });
    router.delete(path, async (ctx) => {
      await service.deleteAutosave(owner(ctx.params));
      ctx.status = 204;
    });
  };
  autosave('/:id/autosave', (params) => ({ articleId: idParam(params.id) }));
  autosave('/drafts/:key/autosave', (params) => draftOwner(params.key));

  return router;
}
