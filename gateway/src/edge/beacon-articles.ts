import { VIEW_ARTICLES_MAX, VIEW_ARTICLES_PATH, type ViewArticlesAnswer } from '@coinmag/contracts';
import { readBody, sendWithRetry } from '../proxy/send.js';
import type { UpstreamPool } from '../proxy/upstream-pool.js';

/** How old Postgres's figure in a beacon's answer may get (other processes' flushes are not seen sooner), as the content service keeps it. */
const BASE_MAX_AGE_MS = 2_000;
const MAX_ENTRIES = 10_000;
const MAX_ANSWER_BYTES = VIEW_ARTICLES_MAX * 1024;
/** How long a question waits for a content service that refuses connections (restarting): a beacon waits no longer. */
const REPLICA_WAIT_MS = 1000;

export interface CountedArticle {
  id: number;
  /** Postgres's view count when read. */
  base: number;
  /** The article versions read before the row: the beacon's script counts only while they hold. */
  stamp: string[];
  readAt: number;
  /** Hand-overs of this gateway seen when read: after one, Postgres's figure is read again. */
  handOvers: number;
}

/** How views are counted, as the content service says (its limits, flush interval and Redis prefix). */
export type CountingRules = Omit<ViewArticlesAnswer, 'articles'>;

/**
 * Slug → the public article a beacon names, asked of the content service (which reads the article
 * versions from Redis, then the rows; the slugs asked in one turn in one request) and kept here for
 * two seconds at most, so a beacon needs no hop. Trusted only as its stamp allows: the script counts nothing when an article version moved
 * (a write, publication, unpublication, slug change or deletion on any replica), and the article
 * is asked again. Bounded: the entry read first goes first.
 */
export class BeaconArticles {
  private readonly entries = new Map<string, CountedArticle>();
  private readonly asking = new Map<string, Promise<CountedArticle | null>>();
  /** The count last answered per article id: answers never go down (other processes flush meanwhile). */
  private readonly answered = new Map<number, number>();
  private handOvers = 0;
  /** The rules from the content service's latest answer (none yet: nothing is counted here). */
  rules?: CountingRules;

  constructor(
    private readonly content: UpstreamPool,
    private readonly timeoutMs: number,
  ) {}

  /** The article named by `slug` (null: none is public); from here while its entry is recent enough. */
  find(slug: string): CountedArticle | Promise<CountedArticle | null> {
    const known = this.entries.get(slug);
    if (known && known.handOvers === this.handOvers && Date.now() - known.readAt < BASE_MAX_AGE_MS) return known;
    return this.read(slug);
  }

  /** Asks the content service again: once at a time per slug, the slugs of one turn in one request. */
  read(slug: string): Promise<CountedArticle | null> {
    const asked = this.asking.get(slug);
    if (asked) return asked;
    const asking = new Promise<CountedArticle | null>((done, fail) => {
      this.wanted.push({ slug, done, fail });
      if (this.wanted.length === 1) setImmediate(() => this.askWanted());
    });
    this.asking.set(slug, asking);
    return asking;
  }

  private wanted: Array<{ slug: string; done: (article: CountedArticle | null) => void; fail: (err: unknown) => void }> = [];

  /**
   * Asks for the slugs wanted, and with them every entry past half its age (or read before a
   * hand-over): renewed together, the entries of the articles being read expire together, and one
   * request renews them all instead of one request for each as it expires.
   */
  private askWanted(): void {
    const wanted = this.wanted;
    this.wanted = [];
    const now = Date.now();
    const renewed: string[] = [];
    for (const [slug, entry] of this.entries) {
      if (wanted.length + renewed.length >= VIEW_ARTICLES_MAX) break;
      if (!this.asking.has(slug) && (entry.handOvers !== this.handOvers || now - entry.readAt >= BASE_MAX_AGE_MS / 2)) renewed.push(slug);
    }
    for (let from = 0; from < wanted.length; from += VIEW_ARTICLES_MAX) {
      const part = wanted.slice(from, from + VIEW_ARTICLES_MAX);
      const slugs = part.map(({ slug }) => slug);
      this.ask(from === 0 ? slugs.concat(renewed) : slugs).then(
        (found) => part.forEach(({ slug, done }) => done(found.get(slug) ?? null)),
        (err) => part.forEach(({ fail }) => fail(err)),
      ).finally(() => part.forEach(({ slug }) => this.asking.delete(slug)));
    }
  }

  private async ask(slugs: string[]): Promise<Map<string, CountedArticle | null>> {
    const readAt = Date.now();
    const handOvers = this.handOvers;
    const query = slugs.map((slug) => `slug=${encodeURIComponent(slug)}`).join('&');
    const response = await sendWithRetry(
      this.content,
      { method: 'GET', path: `${VIEW_ARTICLES_PATH}?${query}`, headers: { accept: 'application/json' }, body: null, timeoutMs: this.timeoutMs },
      // A replica that refuses (stopping, killed) is passed over for another at once.
      { waitForRestartMs: REPLICA_WAIT_MS },
    );
    const raw = await readBody(response.body, MAX_ANSWER_BYTES);
    if (response.statusCode !== 200) throw new Error(`the content service answered ${response.statusCode} for beacons' articles`);
    const { articles, ...rules } = JSON.parse(raw.toString('utf8')) as ViewArticlesAnswer;
    this.rules = rules;
    const found = new Map<string, CountedArticle | null>();
    for (const slug of slugs) {
      const article = articles[slug];
      this.entries.delete(slug);
      if (!article) {
        found.set(slug, null);
        continue;
      }
      const entry: CountedArticle = { id: article.id, base: article.base, stamp: article.stamp, readAt, handOvers };
      this.entries.set(slug, entry);
      found.set(slug, entry);
    }
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return found;
  }

  /** Forgets `slug` (its stamp kept moving). */
  forget(slug: string): void {
    this.entries.delete(slug);
  }

  /** Postgres's figures held here predate this gateway's hand-over: read them again. */
  handedOver(): void {
    this.handOvers += 1;
  }

  /** The count to answer: never below the one last answered for the article. */
  answer(articleId: number, computed: number): number {
    const last = this.answered.get(articleId) ?? 0;
    if (last >= computed) return last;
    this.answered.delete(articleId);
    this.answered.set(articleId, computed);
    if (this.answered.size > MAX_ENTRIES) this.answered.delete(this.answered.keys().next().value!);
    return computed;
  }
}
