import type { ArticleSummary, CampaignArticle } from '@coinmag/contracts';

/** The content service's public reads the newsletter needs: the popular list and one article. */
export class ContentClient {
  constructor(
    private readonly contentUrl: string,
    private readonly siteOrigin: string,
    private readonly timeoutMs = 5000,
  ) {}

  private async get<T>(path: string): Promise<T | undefined> {
    const answer = await fetch(`${this.contentUrl}${path}`, { signal: AbortSignal.timeout(this.timeoutMs) });
    if (answer.status === 404) return undefined;
    if (!answer.ok) throw new Error(`content answered ${answer.status} for ${path}`);
    return (await answer.json()) as T;
  }

  async popular(limit: number): Promise<ArticleSummary[]> {
    return (await this.get<ArticleSummary[]>(`/api/articles/popular?limit=${limit}`)) ?? [];
  }

  /** A public article (undefined while it is not published). */
  async article(slug: string): Promise<ArticleSummary | undefined> {
    return this.get<ArticleSummary>(`/api/articles/${encodeURIComponent(slug)}`);
  }

  /** How an article appears in an email: absolute URLs back to the site. */
  toCampaignArticle(article: ArticleSummary): CampaignArticle {
    const absolute = (url: string) => new URL(url, this.siteOrigin).toString();
    return {
      title: article.title,
      url: absolute(`/article/${encodeURIComponent(article.slug)}`),
      excerpt: (article.excerpt || article.content_text).slice(0, 160),
      image: article.featured_image ? absolute(article.featured_image) : null,
      category: article.category_name,
    };
  }
}
