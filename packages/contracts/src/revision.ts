import { z } from 'zod';
import { articleStatusSchema } from './article.js';

/** At most this many revisions are kept per article; older ones are dropped on save. */
export const REVISIONS_PER_ARTICLE = 100;

export const REVISION_KINDS = ['save', 'restore', 'conflict'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** What one revision holds of the article (the fields the editor writes). */
export const revisionFieldsSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  tags: z.array(z.string()),
  category_id: z.number().int().nullable(),
  status: articleStatusSchema,
  published_at: z.string().nullable(),
});
export type RevisionFields = z.infer<typeof revisionFieldsSchema>;

export const revisionSummarySchema = z.object({
  id: z.number().int(),
  article_id: z.number().int(),
  /** The article version this revision became; null for a save refused as a conflict. */
  version: z.number().int().nullable(),
  kind: z.enum(REVISION_KINDS),
  title: z.string(),
  status: articleStatusSchema,
  restored_from: z.number().int().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export const revisionSchema = revisionSummarySchema.merge(revisionFieldsSchema);
export type Revision = z.infer<typeof revisionSchema>;

export const revisionListSchema = z.object({ revisions: z.array(revisionSummarySchema), limit: z.number().int() });
export type RevisionList = z.infer<typeof revisionListSchema>;

/** Body of POST /api/articles/admin/{id}/revisions/{revisionId}/restore. */
export const restoreRequestSchema = z.object({
  version: z.number({ invalid_type_error: 'version 必須是數字' }).int().min(1).optional(),
}).strict();

/** An unsaved copy of the form kept on the server while typing (never the article itself). */
export const AUTOSAVE_LIMITS = { draftKey: 64, newDrafts: 50 } as const;
export const autosaveInputSchema = revisionFieldsSchema.extend({
  title: z.string().max(200),
  excerpt: z.string().max(1000),
  content: z.string().max(2 * 1024 * 1024),
  meta_title: z.string().max(200),
  meta_description: z.string().max(500),
  tags: z.array(z.string().max(30)).max(30),
  status: articleStatusSchema,
  published_at: z.string().max(40).nullable(),
  /** The article version the copy was typed over. */
  base_version: z.number().int().min(0).nullable(),
}).strict();
export type AutosaveInput = z.infer<typeof autosaveInputSchema>;
export const autosaveSchema = autosaveInputSchema.extend({ saved_at: z.string() });
export type Autosave = z.infer<typeof autosaveSchema>;
