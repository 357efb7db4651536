import { z } from 'zod';

/** GET /api/tags/{tag}: a tag as its page shows it (docs/product.md §3 Tag pages). */
export const publicTagSchema = z.object({
  /** What every spelling of the tag shares, and its page's URL segment (rules tagKey). */
  key: z.string(),
  /** The spelling most public articles carry (or, when no article does, most public 快訊 items). */
  name: z.string(),
  /** Public articles that carry the tag in any spelling. */
  article_count: z.number().int(),
  /** Public 快訊 items that carry it: a tag only items carry has a page too. */
  flash_count: z.number().int(),
});
export type PublicTag = z.infer<typeof publicTagSchema>;

/** Articles a tag page shows at a time. */
export const TAG_PAGE_SIZE = 12;
