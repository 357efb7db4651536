import { z } from 'zod';
import { MISSING_PATH_MAX_CHARS } from './reader-numbers.js';

/**
 * The redirect manager (docs/product.md 轉址管理): redirects the admin makes, from a path to an
 * article, a category or a tag, listed beside the ones old slugs and the WordPress import make.
 */
export const REDIRECT_TARGET_KINDS = ['article', 'category', 'tag'] as const;
export type RedirectTargetKind = (typeof REDIRECT_TARGET_KINDS)[number];

/** The dependency a path's redirect is cached under (the path escaped: dependencies travel comma-separated). */
export const redirectDep = (path: string) => `redirect:${encodeURIComponent(path)}`;

export const redirectInputSchema = z
  .object({
    from_path: z.string().trim().min(2, '請輸入要轉址的網址路徑').max(MISSING_PATH_MAX_CHARS * 2).regex(/^\//, '網址路徑必須以 / 開頭'),
    target_kind: z.enum(REDIRECT_TARGET_KINDS),
    /** An article's or a category's id. */
    target_id: z.number().int().min(1).optional(),
    /** A tag's key. */
    target_key: z.string().trim().min(1).max(100).optional(),
  })
  .strict()
  .refine((input) => (input.target_kind === 'tag' ? input.target_key !== undefined : input.target_id !== undefined), { message: '請選擇轉址目標', path: ['target_kind'] });
export type RedirectInput = z.infer<typeof redirectInputSchema>;

export type RedirectSource = 'manual' | 'slug' | 'wordpress';

export interface RedirectRow {
  source: RedirectSource;
  /** The manual redirect's id (only those are edited and deleted here). */
  id?: number;
  from_path: string;
  /** Where it answers now (one hop: the target's current address). */
  to_path: string;
  /** What it points at, for the manual ones. */
  target_kind?: RedirectTargetKind;
  target_label: string;
  hits: number;
}

/** GET /api/admin/redirects: every redirect, the most followed first. */
export interface RedirectList {
  redirects: RedirectRow[];
}

/** GET /api/admin/redirects/targets?q=: what a redirect may point at. */
export interface RedirectTargets {
  targets: Array<{ kind: RedirectTargetKind; id?: number; key?: string; label: string; path: string }>;
}

/** GET /api/redirects/path?path=: where a path the admin redirected answers (404 when none). */
export interface RedirectLocation {
  location: string;
}
