import { createServer, type Server } from 'node:http';
import type { ArticleSummary } from '@coinmag/contracts';

/** The content service's two public reads the newsletter makes, answered from a list a test controls. */
export interface ContentStandIn {
  url: string;
  articles: ArticleSummary[];
  close(): Promise<void>;
}

export function demoArticle(id: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id,
    title: `第 ${id} 篇：比特幣入門`,
    slug: `article-${id}`,
    excerpt: `第 ${id} 篇的摘要`,
    content_text: '內文',
    category_id: 1,
    category_name: '新手入門',
    category_slug: 'beginners',
    is_featured: false,
    is_popular: false,
    is_carousel: false,
    carousel_order: null,
    featured_image: `/uploads/cover-${id}.webp`,
    featured_image_alt: '',
    view_count: 100 - id,
    tags: '',
    published_at: new Date(Date.now() - 86_400_000).toISOString(),
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

export async function startContentStandIn(articles: ArticleSummary[]): Promise<ContentStandIn> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/articles/popular') return json(200, standIn.articles.slice(0, Number(url.searchParams.get('limit') ?? 10)));
    const slug = /^\/api\/articles\/([^/]+)$/.exec(url.pathname)?.[1];
    const article = standIn.articles.find((candidate) => candidate.slug === decodeURIComponent(slug ?? ''));
    if (article && article.published_at && Date.parse(article.published_at) <= Date.now()) return json(200, article);
    return json(404, { error: '找不到文章' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const standIn: ContentStandIn = {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    articles,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
