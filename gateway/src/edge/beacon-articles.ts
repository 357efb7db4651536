import { VIEW_ARTICLES_PATH, type ViewArticleAnswer } from '@coinmag/contracts';
import { readBody, sendWithRetry } from '../proxy/send.js';
import type { UpstreamPool } from '../proxy/upstream-pool.js';

/** How old Postgres's figure in a beacon's answer may get (other processes' flushes are not seen sooner), as the content service keeps it. */
const BASE_MAX_AGE_MS = 2_000;
const MAX_ENTRIES = 10_000;
const MAX_ANSWER_BYTES = 16 * 1024;
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
export type CountingRules = Omit<ViewArticleAnswer, 'article'>;

/**
 * Slug → the public article a beacon names, asked of the content service (which reads the article
 * versions from Redis, then the row) and kept here for two seconds at most, so a beacon needs no
 * hop. Trusted only as its stamp allows: the script counts nothing when an article version moved
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

  /** Asks the content service again (once at a time per slug). */
  read(slug: string): Promise<CountedArticle | null> {
    const asked = this.asking.get(slug);
    if (asked) return asked;
    const asking = this.ask(slug).finally(() => this.asking.delete(slug));
    this.asking.set(slug, asking);
    return asking;
  }

  private async ask(slug: string): Promise<CountedArticle | null> {
    const readAt = Date.now();
    const handOvers = this.handOvers;
    const response = await sendWithRetry(
      this.content,
      { method: 'GET', path: `${VIEW_ARTICLES_PATH}/${encodeURIComponent(slug)}`, headers: { accept: 'application/json' }, body: null, timeoutMs: this.timeoutMs },
      // A replica that refuses (stopping, killed) is passed over for another at once.
      { waitForRestartMs: REPLICA_WAIT_MS },
    );
    const raw = await readBody(response.body, MAX_ANSWER_BYTES);
    if (response.statusCode !== 200) throw new Error(`the content service answered ${response.statusCode} for a beacon's article`);
    const { article, ...rules } = JSON.parse(raw.toString('utf8')) as ViewArticleAnswer;
    this.rules = rules;
    this.entries.delete(slug);
    if (!article) return null;
    const entry: CountedArticle = { ...article, readAt, handOvers };
    this.entries.set(slug, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry;
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
