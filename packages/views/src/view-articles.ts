import type { CountedArticle } from './view-tally.js';

/** Where the public article a slug names is read: in the content service, Postgres (under the article versions read just before); in the gateway, the content service. */
export interface ArticleSource {
  /** Slugs read at once at most. */
  readonly maxSlugs: number;
  /** Per slug, its public article (id, Postgres's figure, the versions read before the row), or null. */
  read(slugs: string[]): Promise<Map<string, CountedArticle | null>>;
}

export interface KnownArticle extends CountedArticle {
  readAt: number;
  /** Hand-overs to Postgres seen when read: after one, Postgres's figure is read again. */
  handOvers: number;
}

/** How old Postgres's figure in a beacon's answer may get (other processes' flushes are not seen sooner). */
const DEFAULT_MAX_AGE_MS = 2_000;
const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * Slug → the public article a beacon names, kept in this process for a few seconds so a beacon
 * reads no row and makes no hop. An entry is trusted only as its stamp allows: the beacon's script
 * compares the stamp with the article versions every write, publication, unpublication, slug change
 * and deletion bumps (on any replica) and counts nothing when one moved; the article is then read
 * again. The slugs wanted in one turn of the event loop are read together, and with them every
 * entry past half its age (so the entries of the articles being read are renewed by one read, not
 * one each). Bounded: the entry read first goes first.
 */
export class ViewArticles {
  private readonly entries = new Map<string, KnownArticle>();
  private readonly asking = new Map<string, Promise<KnownArticle | null>>();
  private wanted: Array<{ slug: string; done: (article: KnownArticle | null) => void; fail: (err: unknown) => void }> = [];
  /** The count last answered per article id: answers never go down (other processes flush meanwhile). */
  private readonly answered = new Map<number, number>();
  private handOvers = 0;

  constructor(
    private readonly source: ArticleSource,
    private readonly maxAgeMs = DEFAULT_MAX_AGE_MS,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {}

  /** The article named by `slug` (null: none is public); from here, with no wait, while its entry is recent enough. */
  find(slug: string): KnownArticle | Promise<KnownArticle | null> {
    const known = this.entries.get(slug);
    if (known && known.handOvers === this.handOvers && Date.now() - known.readAt < this.maxAgeMs) return known;
    return this.read(slug);
  }

  /** Reads the article again: once at a time per slug, the slugs of one turn in one read. */
  read(slug: string): Promise<KnownArticle | null> {
    const asked = this.asking.get(slug);
    if (asked) return asked;
    const asking = new Promise<KnownArticle | null>((done, fail) => {
      this.wanted.push({ slug, done, fail });
      if (this.wanted.length === 1) setImmediate(() => this.readWanted());
    });
    this.asking.set(slug, asking);
    return asking;
  }

  private readWanted(): void {
    const wanted = this.wanted;
    this.wanted = [];
    const max = this.source.maxSlugs;
    const now = Date.now();
    const renewed: string[] = [];
    for (const [slug, entry] of this.entries) {
      if (wanted.length + renewed.length >= max) break;
      if (!this.asking.has(slug) && (entry.handOvers !== this.handOvers || now - entry.readAt >= this.maxAgeMs / 2)) renewed.push(slug);
    }
    for (let from = 0; from < wanted.length; from += max) {
      const part = wanted.slice(from, from + max);
      const slugs = part.map(({ slug }) => slug);
      this.readMany(from === 0 ? slugs.concat(renewed) : slugs).then(
        (found) => part.forEach(({ slug, done }) => done(found.get(slug) ?? null)),
        (err) => part.forEach(({ fail }) => fail(err)),
      ).finally(() => part.forEach(({ slug }) => this.asking.delete(slug)));
    }
  }

  /** Reads these slugs now (at most the source's `maxSlugs`) and keeps what is public. */
  async readMany(slugs: string[]): Promise<Map<string, KnownArticle | null>> {
    const readAt = Date.now();
    const handOvers = this.handOvers;
    const read = await this.source.read(slugs);
    const found = new Map<string, KnownArticle | null>();
    for (const slug of slugs) {
      const article = read.get(slug);
      this.entries.delete(slug);
      if (!article) {
        found.set(slug, null);
        continue;
      }
      const entry: KnownArticle = { id: article.id, base: article.base, stamp: article.stamp, readAt, handOvers };
      this.entries.set(slug, entry);
      found.set(slug, entry);
    }
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return found;
  }

  /** Forgets `slug` (its stamp kept moving). */
  forget(slug: string): void {
    this.entries.delete(slug);
  }

  /** Views were handed over to Postgres: the figures held here are behind, read them again. */
  handedOver(): void {
    this.handOvers += 1;
  }

  /** The count to answer: never below the one last answered for the article. */
  answer(articleId: number, computed: number): number {
    const last = this.answered.get(articleId) ?? 0;
    if (last >= computed) return last;
    this.answered.delete(articleId);
    this.answered.set(articleId, computed);
    if (this.answered.size > this.maxEntries) this.answered.delete(this.answered.keys().next().value!);
    return computed;
  }
}
