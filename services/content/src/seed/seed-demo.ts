import { buildArticleWrite } from '../articles/article-write.js';
import { DEMO_ARTICLES, DEMO_COVER_ALTS } from './demo-articles.js';
import { DEMO_CATEGORIES } from './demo-categories.js';
import { demoArticleHtml } from './demo-html.js';
import { DEMO_LEARNING_PATHS } from './demo-learning-paths.js';
import { DEMO_FLASH } from './demo-flash.js';
import type { SeedArticle, SeedRepository } from './seed.repository.js';

const DAY = 24 * 60 * 60 * 1000;
const FEATURED = new Set(['bitcoin-halving-2024', 'what-is-ethereum', 'hardware-wallet-guide']);
const POPULAR = new Set(['what-is-bitcoin', 'how-to-buy-first-crypto', 'crypto-scams-taiwan', 'dca-strategy', 'what-is-stablecoin']);
const CAROUSEL = ['bitcoin-etf-explained', 'market-weekly-bitcoin-70k', 'defi-beginner-guide', 'taiwan-vasp-regulation'];
const DRAFTS = new Set(['futures-contract-risks', 'nft-market-2024', 'ethereum-roadmap']);
const SCHEDULED = 'rwa-tokenization';

export interface SeedResult {
  categories: number;
  articles: number;
}

/** Fills an empty database with the demo categories and articles; leaves a database with content alone. */
export async function seedDemoContent(seed: SeedRepository, now = new Date()): Promise<SeedResult | null> {
  if (!(await seed.isEmpty())) return null;
  await seed.insert(DEMO_CATEGORIES, (categoryId) => demoArticles(categoryId, now), DEMO_LEARNING_PATHS, DEMO_FLASH, now);
  return { categories: DEMO_CATEGORIES.length, articles: DEMO_ARTICLES.length };
}

function demoArticles(categoryId: Map<string, number>, now: Date): SeedArticle[] {
  return DEMO_ARTICLES.map((article, index) => {
    const scheduled = article.slug === SCHEDULED;
    const draft = DRAFTS.has(article.slug);
    const carouselIndex = CAROUSEL.indexOf(article.slug);
    // Spread publication over the last months, newest first, at different hours.
    const publishedAt = scheduled ? new Date(now.getTime() + 3 * DAY) : new Date(now.getTime() - (index * 1.7 + 0.2) * DAY - (index % 7) * 3_600_000);
    const write = buildArticleWrite({
      title: article.title,
      slug: article.slug,
      content: demoArticleHtml(article),
      excerpt: index % 9 === 4 ? '' : article.excerpt,
      category_id: categoryId.get(article.category) ?? null,
      status: scheduled ? 'scheduled' : draft ? 'draft' : 'published',
      is_featured: FEATURED.has(article.slug),
      is_popular: POPULAR.has(article.slug),
      is_carousel: carouselIndex >= 0,
      carousel_order: carouselIndex >= 0 ? carouselIndex + 1 : null,
      meta_title: '',
      meta_description: index % 3 === 0 ? article.excerpt : '',
      featured_image: article.cover,
      tags: article.tags,
      published_at: draft ? null : publishedAt,
    });
    write.featured_image_alt = DEMO_COVER_ALTS[article.cover] ?? '';
    return { write, tags: article.tags, viewCount: ((index * 7919) % 4800) + 120 };
  });
}
