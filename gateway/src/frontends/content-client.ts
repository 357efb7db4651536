import type { ArticleDetail, ArticleSummary, HeaderCategory, PublicCategory, Settings, SlugRedirect } from '@coinmag/contracts';

/** Small, fast reads from the content service for server-written heads; never throws, answers null instead. */
export class ContentClient {
  private settingsCache: { value: Settings; until: number } | null = null;
  private categoriesCache: { value: PublicCategory[]; until: number } | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly cacheMs = 5_000,
  ) {}

  private async get<T>(path: string): Promise<{ status: number; body: T | null }> {
    try {
      const res = await fetch(`${this.baseUrl}${path}`, { signal: AbortSignal.timeout(this.timeoutMs), headers: { Accept: 'application/json' } });
      const body = res.ok ? ((await res.json()) as T) : null;
      return { status: res.status, body };
    } catch {
      return { status: 0, body: null };
    }
  }

  async settings(): Promise<Settings | null> {
    if (this.settingsCache && this.settingsCache.until > Date.now()) return this.settingsCache.value;
    const { body } = await this.get<Settings>('/api/settings');
    if (body) this.settingsCache = { value: body, until: Date.now() + this.cacheMs };
    return body ?? this.settingsCache?.value ?? null;
  }

  async categories(): Promise<PublicCategory[] | null> {
    if (this.categoriesCache && this.categoriesCache.until > Date.now()) return this.categoriesCache.value;
    const { body } = await this.get<PublicCategory[]>('/api/categories');
    if (Array.isArray(body)) this.categoriesCache = { value: body, until: Date.now() + this.cacheMs };
    return body ?? this.categoriesCache?.value ?? null;
  }

  private headerCache: { value: HeaderCategory[]; until: number } | null = null;

  async headerCategories(): Promise<HeaderCategory[] | null> {
    if (this.headerCache && this.headerCache.until > Date.now()) return this.headerCache.value;
    const { body } = await this.get<HeaderCategory[]>('/api/categories/header');
    if (Array.isArray(body)) this.headerCache = { value: body, until: Date.now() + this.cacheMs };
    return body ?? this.headerCache?.value ?? null;
  }

  private carouselCache: { value: ArticleSummary[]; until: number } | null = null;

  async carousel(): Promise<ArticleSummary[] | null> {
    if (this.carouselCache && this.carouselCache.until > Date.now()) return this.carouselCache.value;
    const { body } = await this.get<ArticleSummary[]>('/api/articles/carousel');
    if (Array.isArray(body)) this.carouselCache = { value: body, until: Date.now() + this.cacheMs };
    return body ?? this.carouselCache?.value ?? null;
  }

  /** The current slug of an article or category that once had `slug`; null when there is none (or no answer). */
  async movedSlug(kind: 'article' | 'category', slug: string): Promise<string | null> {
    const { body } = await this.get<SlugRedirect>(`/api/redirects/${kind}/${encodeURIComponent(slug)}`);
    return body?.slug ?? null;
  }

  /** The article, 'missing' for a 404, null when the service did not answer in time. */
  async article(slug: string): Promise<ArticleDetail | 'missing' | null> {
    const { status, body } = await this.get<ArticleDetail>(`/api/articles/${encodeURIComponent(slug)}`);
    if (status === 404) return 'missing';
    return body;
  }
}
