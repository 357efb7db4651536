// Its own module, without zod: the 快訊 script that runs on every public page reads these
// (@coinmag/contracts/flash-constants); the package's index would bring the schemas and their
// library, whose evaluation alone is a long task on a phone (docs/adr/0011-islands.md).

/** docs/product.md §2 快訊: the bounds of a flash item. */
export const FLASH_LIMITS = { text: 500, sourceUrl: 2000, tags: 10, tagLength: 30, pinned: 3, page: 20, live: 20, box: 5, adminList: 50 } as const;

/** The back office's flash calls (content service; admin-only at the gateway). */
export const FLASH_ADMIN_PATH = '/api/admin/flash';
/** The public calls: the list (cursor pager), one item, and the live answer open pages poll. */
export const FLASH_PUBLIC_PATH = '/api/flash';
export const FLASH_LIVE_PATH = '/api/flash/live';

/** How often an open page asks for the live answer while it is visible (docs/adr/0016). */
export const FLASH_POLL_MS = 10_000;
