import { z } from 'zod';

/** Bounds of a glossary term (docs/product.md §3 Glossary). */
export const GLOSSARY_LIMITS = {
  name: 40,
  /** A shorter spelling would link nearly everywhere: refused. */
  spellingMin: 2,
  aliases: 20,
  definition: 120,
  /** The explanation's HTML, before sanitising. */
  explanation: 100_000,
  related: 12,
  slug: 80,
  /** Links per article the admin may set (glossary settings). */
  maxLinksMax: 100,
  csvBytes: 512 * 1024,
  csvRows: 2000,
} as const;

export const GLOSSARY_STATUSES = ['published', 'draft'] as const;
export type GlossaryStatus = (typeof GLOSSARY_STATUSES)[number];

/** Newest articles on a term's page, per page. */
export const GLOSSARY_ARTICLES_PAGE_SIZE = 10;

export interface GlossaryTermSummary {
  slug: string;
  name: string;
  aliases: string[];
  definition: string;
}

/**
 * GET /api/glossary: every published term in groups (docs/product.md §3 Glossary): Chinese names
 * under the Zhuyin (注音) initial of their first character, Latin names under their first letter,
 * each group in its order.
 */
export interface GlossaryIndex {
  groups: Array<{ label: string; terms: GlossaryTermSummary[] }>;
  total: number;
}

/** GET /api/glossary/{slug}?page=n: a published term with its related terms and one page of the articles that use it. */
export interface GlossaryTermPage extends GlossaryTermSummary {
  explanation: string;
  updated_at: string;
  related: GlossaryTermSummary[];
  articles: Array<{ slug: string; title: string; excerpt: string; published_at: string | null; category_name: string | null }>;
  pagination: { page: number; pages: number; total: number };
}

export interface AdminGlossaryTerm extends GlossaryTermSummary {
  id: number;
  explanation: string;
  status: GlossaryStatus;
  related: Array<{ id: number; name: string }>;
  updated_at: string;
}

const text = (label: string, max: number) =>
  z.string({ required_error: `請輸入${label}`, invalid_type_error: `${label}格式不正確` }).max(max * 4, `${label}最多 ${max} 個字`);

/** Body of POST /api/glossary/admin and PUT /api/glossary/admin/{id}; the service checks the rules on spellings. */
export const glossaryTermInputSchema = z.object({
  name: text('名稱', GLOSSARY_LIMITS.name),
  aliases: z.array(z.string().max(GLOSSARY_LIMITS.name * 4), { invalid_type_error: '別名格式不正確' }).max(GLOSSARY_LIMITS.aliases, `別名最多 ${GLOSSARY_LIMITS.aliases} 個`).optional().default([]),
  definition: text('一句話定義', GLOSSARY_LIMITS.definition),
  explanation: z.string().max(GLOSSARY_LIMITS.explanation, '完整解釋過長').optional().default(''),
  related_ids: z.array(z.number().int().positive()).max(GLOSSARY_LIMITS.related, `相關術語最多 ${GLOSSARY_LIMITS.related} 個`).optional().default([]),
  slug: z.string().max(GLOSSARY_LIMITS.slug * 4).optional().default(''),
  status: z.enum(GLOSSARY_STATUSES, { errorMap: () => ({ message: '狀態必須是已發布或草稿' }) }).optional().default('draft'),
});
export type GlossaryTermInput = z.infer<typeof glossaryTermInputSchema>;

export const glossarySettingsSchema = z.object({
  max_links: z.number({ invalid_type_error: '連結數必須是數字' }).int('連結數必須是整數').min(0, '連結數不能小於 0').max(GLOSSARY_LIMITS.maxLinksMax, `連結數最多 ${GLOSSARY_LIMITS.maxLinksMax}`),
});
export type GlossarySettings = z.infer<typeof glossarySettingsSchema>;

/** Body of POST /api/glossary/admin/import: the CSV text; `apply` false is the dry run. */
export const glossaryImportSchema = z.object({
  csv: z.string().max(GLOSSARY_LIMITS.csvBytes, 'CSV 檔案過大（上限 512 KB）'),
  apply: z.boolean().optional().default(false),
});

export interface GlossaryImportReport {
  applied: boolean;
  added: Array<{ line: number; name: string }>;
  changed: Array<{ line: number; name: string }>;
  unchanged: number;
  refused: Array<{ line: number; message: string }>;
}

/** POST /api/glossary/admin/links: which terms a body would link (the article form's panel). */
export interface GlossaryLinkPreview {
  terms: Array<{ slug: string; name: string; matched: string }>;
  max_links: number;
}
