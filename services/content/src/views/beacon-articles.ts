import { ARTICLE_STAMP_KEYS } from '@coinmag/service-kit';
import type { AdmissionStore } from './view-store.js';
import type { ViewsRepository } from './views.repository.js';

export { ARTICLE_STAMP_KEYS };
/** How old Postgres's figure in a beacon's answer may get (other replicas' flushes are not seen sooner). */
const DEFAULT_BASE_MAX_AGE_MS = 2_000;
const DEFAULT_MAX_ENTRIES = 10_000;

export interface BeaconArticle {
  id: number;
  /** Postgres's view count when read. */
  base: number;
  /** The article versions read before the row: a beacon's script counts only while they hold. */
  stamp: string[];
  readAt: number;
  /** This process's flushes seen when read: after a flush of its own, Postgres's figure is read again. */
  flushes: number;
}

/**
 * Slug → the public article a beacon names, kept in this process so a beacon reads no row.
 * An entry is trusted only as its stamp allows: the beacon's script compares the stamp with the
 * article versions every write, publication, unpublication, slug change and scheduled
 * publication bumps (on any replica), and counts nothing when one moved; the row is then read
 * again. Postgres's figure in an entry is renewed after `baseMaxAgeMs` and after this
 * process's own flush. Bounded: the least recently used entry goes first.
 */
export class BeaconArticles {
  private readonly entries = new Map<string, BeaconArticle>();
  /** The count last answered per article id: answers never go down (other replicas flush meanwhile). */
  private readonly answered = new Map<number, number>();
  private flushes = 0;

  constructor(
    private readonly repository: ViewsRepository,
    private readonly store: Pick<AdmissionStore, 'mget'>,
    private readonly clock: () => Date = () => new Date(),
    private readonly baseMaxAgeMs = DEFAULT_BASE_MAX_AGE_MS,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {}

  /** The article named by `slug`, from this process when its entry is recent enough; undefined when none is public. */
  async find(slug: string): Promise<BeaconArticle | undefined> {
    const known = this.entries.get(slug);
    if (known && known.flushes === this.flushes && Date.now() - known.readAt < this.baseMaxAgeMs) {
      this.entries.delete(slug);
      this.entries.set(slug, known);
      return known;
    }
    return this.read(slug);
  }

  /**
   * Reads the row again. `stamp`: the versions as the store just gave them (read before the row,
   * so a write committed after them moves them again); else they are read first.
   */
  async read(slug: string, stamp?: string[]): Promise<BeaconArticle | undefined> {
    const readAt = Date.now();
    const flushes = this.flushes;
    const versions = stamp ?? (await this.store.mget([...ARTICLE_STAMP_KEYS])).map((value) => value ?? '0');
    const row = await this.repository.findPublic(slug, this.clock());
    this.entries.delete(slug);
    if (!row) return undefined;
    const entry: BeaconArticle = { id: row.id, base: row.view_count, stamp: versions, readAt, flushes };
    this.entries.set(slug, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  /** Reads the rows of several slugs in one query, under the versions read just before; a slug with no public article maps to undefined. */
  async readMany(slugs: string[]): Promise<Map<string, BeaconArticle | undefined>> {
    const readAt = Date.now();
    const flushes = this.flushes;
    const stamp = (await this.store.mget([...ARTICLE_STAMP_KEYS])).map((value) => value ?? '0');
    const rows = new Map((await this.repository.findPublicMany(slugs, this.clock())).map((row) => [row.slug, row]));
    const found = new Map<string, BeaconArticle | undefined>();
    for (const slug of slugs) {
      const row = rows.get(slug);
      this.entries.delete(slug);
      if (!row) {
        found.set(slug, undefined);
        continue;
      }
      const entry: BeaconArticle = { id: row.id, base: row.view_count, stamp, readAt, flushes };
      this.entries.set(slug, entry);
      found.set(slug, entry);
    }
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return found;
  }

  /** Forgets `slug` (its stamp moved and the row could not be read again). */
  forget(slug: string): void {
    this.entries.delete(slug);
  }

  /** Postgres's figures held here predate this process's flush: read them again. */
  flushed(): void {
    this.flushes += 1;
  }

  /** The count to answer: never below the one last answered for the article. */
  answer(articleId: number, computed: number): number {
    const last = this.answered.get(articleId) ?? 0;
    const count = Math.max(last, computed);
    this.answered.delete(articleId);
    this.answered.set(articleId, count);
    if (this.answered.size > this.maxEntries) this.answered.delete(this.answered.keys().next().value!);
    return count;
  }
}
