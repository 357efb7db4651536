import type { ArticleSummary } from '@coinmag/contracts';
import { cardExcerpt } from '@coinmag/rules';
import { SmartImage } from './SmartImage';
import { CategoryBadge, PublishedDate, ViewCount } from './ArticleFacts';
import { articleHref } from './article-href';
import styles from './components.module.css';

export { articleHref };

interface Props {
  article: Pick<ArticleSummary, 'slug' | 'title' | 'featured_image' | 'category_name' | 'published_at'> &
    Partial<Pick<ArticleSummary, 'featured_image_alt'>> &
    Partial<Pick<ArticleSummary, 'excerpt' | 'content_text' | 'view_count'>>;
  /** Vertical card (grids) or a row with the thumbnail beside the text (lists). */
  layout?: 'card' | 'row' | 'compact';
  /** Cut the excerpt to this many characters; none means no excerpt. */
  excerptLength?: number;
  showViews?: boolean;
  linkText?: string;
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export function ArticleCard({ article, layout = 'card', excerptLength, showViews = false, linkText, priority = false, headingLevel = 'h3' }: Props) {
  const href = articleHref(article.slug);
  const Heading = headingLevel;
  const excerpt = excerptLength ? cardExcerpt(article.excerpt, article.content_text, excerptLength) : '';
  const imageSize = layout === 'card' ? { width: 640, height: 336, sizes: '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw' } : { width: 240, height: 160, sizes: layout === 'compact' ? '96px' : '(min-width: 640px) 200px, 112px' };
  return (
    <article className={`${styles.card} ${styles[layout]}`} data-testid="article-card">
      <a href={href} className={styles.cardImageLink} tabIndex={-1} aria-hidden="true">
        <SmartImage src={article.featured_image} alt={article.featured_image_alt ?? ''} width={imageSize.width} height={imageSize.height} sizes={imageSize.sizes} priority={priority} />
      </a>
      <div className={styles.cardBody}>
        <div className={styles.facts}>
          <CategoryBadge name={article.category_name} />
          <PublishedDate value={article.published_at} />
          {showViews && article.view_count !== undefined && <ViewCount count={article.view_count} />}
        </div>
        <Heading className={styles.cardTitle}>
          <a href={href}>{article.title}</a>
        </Heading>
        {excerpt && <p className={styles.excerpt}>{excerpt}</p>}
        {linkText && (
          <a href={href} className={styles.readLink} aria-label={`${linkText}：${article.title}`}>
            {linkText}
          </a>
        )}
      </div>
    </article>
  );
}
