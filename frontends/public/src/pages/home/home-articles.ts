import type { ArticleSummary } from '@coinmag/contracts';

/**
 * What each part of the home page shows of an article. The server embeds the page's data in
 * its HTML for hydration, so the data is cut to these fields: nothing the page does not show.
 */
export type SlideArticle = Pick<ArticleSummary, 'id' | 'slug' | 'title' | 'featured_image' | 'featured_image_alt' | 'category_name'>;
export type LatestArticle = SlideArticle & Pick<ArticleSummary, 'published_at'>;
export type PopularArticle = Pick<ArticleSummary, 'id' | 'slug' | 'title' | 'view_count'>;
/** A card with an excerpt (featured, more articles): `content_text` only where there is no excerpt to show. */
export type CardArticle = LatestArticle & Pick<ArticleSummary, 'view_count' | 'excerpt' | 'content_text'>;

export const slideArticle = ({ id, slug, title, featured_image, featured_image_alt, category_name }: SlideArticle): SlideArticle => ({
  id,
  slug,
  title,
  featured_image,
  featured_image_alt,
  category_name,
});

export const latestArticle = (article: LatestArticle): LatestArticle => ({ ...slideArticle(article), published_at: article.published_at });

export const popularArticle = ({ id, slug, title, view_count }: PopularArticle): PopularArticle => ({ id, slug, title, view_count });

/** cardExcerpt shows the excerpt when it has text, else the body's text. */
export const cardArticle = (article: CardArticle): CardArticle => ({
  ...latestArticle(article),
  view_count: article.view_count,
  excerpt: article.excerpt,
  content_text: article.excerpt.trim() ? '' : article.content_text,
});
