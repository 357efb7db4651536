import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ArticleDetail } from '@coinmag/contracts';
import { IMAGE_SIZES, formatLongDateTime, keywordsFromTags, tagPagePath, type Breadcrumb } from '@coinmag/rules';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { CategoryBadge } from '../../components/ArticleFacts';
import { SmartImage } from '../../components/SmartImage';
import { ArticleCard } from '../../components/ArticleCard';
import { useSite } from '../../site-context';
import { TableOfContentsIsland } from './TableOfContents';
import { GlossaryTipsIsland } from './GlossaryTips';
import { FlashBox } from '../flash/FlashBox';
import pageStyles from '../page.module.css';
import styles from './article.module.css';
import { SubscribeFormIsland } from '../newsletter/SubscribeForm';

/**
 * An article as the reader sees it: the public article page, and a preview link's page (with its
 * banner above) — so a preview is exactly what publishing will show.
 */
/**
 * `views`: the view count as the page shows it (the public page's island that counts the view; a preview's plain figure).
 * `lessons`: where the article stands in learning paths, after its text.
 */
export function ArticleView({ article, html, views, breadcrumbs, banner, lessons, price }: { article: ArticleDetail; html: string; views: ReactNode; breadcrumbs: Breadcrumb[]; banner?: ReactNode; lessons?: ReactNode; price?: ReactNode }) {
  const { SidebarAd } = useSite();
  const tags = keywordsFromTags(article.tags);
  return (
    <div className={pageStyles.page}>
      {banner}
      <Breadcrumbs items={breadcrumbs} />
      <div className={styles.layout}>
        <article className={styles.article}>
          <header className={styles.header}>
            <CategoryBadge name={article.category_name} />
            <h1 className={styles.title}>{article.title}</h1>
            <div className={styles.facts}>
              {article.published_at && <time dateTime={article.published_at}>{formatLongDateTime(article.published_at)}</time>}
              {views}
              <span>約 5 分鐘閱讀</span>
            </div>
            {price}
          </header>
          {article.featured_image && (
            <SmartImage src={article.featured_image} alt={article.featured_image_alt ?? ''} width={1200} height={630} sizes={IMAGE_SIZES.articleCover} priority className={styles.cover} />
          )}
          <div className={styles.content} data-testid="article-content" dangerouslySetInnerHTML={{ __html: html }} />
          {html.includes('class="gl-term"') && <GlossaryTipsIsland />}
          {tags.length > 0 && (
            <ul className={styles.tags} aria-label="標籤">
              {tags.map((tag) => (
                <li key={tag}>
                  <a href={tagPagePath(tag)} className={styles.tag}>#{tag}</a>
                </li>
              ))}
            </ul>
          )}
          {lessons}
        </article>
        <aside className={styles.aside}>
          <TableOfContentsIsland entries={article.toc} />
          {!banner && <FlashBox items={[]} mode="fill" />}
          <SidebarAd className={styles.ad} />
        </aside>
      </div>
      <SubscribeFormIsland place="article" category={article.category_id !== null && article.category_name ? { id: article.category_id, name: article.category_name } : null} />
      {article.relatedArticles.length > 0 && (
        <section className={styles.related} aria-labelledby="related-articles">
          <h2 id="related-articles" className={pageStyles.sectionTitle}>相關文章</h2>
          <div className={pageStyles.grid} data-testid="related-articles">
            {article.relatedArticles.slice(0, 3).map((related) => (
              <ArticleCard key={related.slug} article={related} excerptLength={80} linkText="閱讀更多" />
            ))}
          </div>
        </section>
      )}
      <p className={styles.back}>
        <Link to="/articles" className={pageStyles.viewMore}>所有文章</Link>
      </p>
    </div>
  );
}
