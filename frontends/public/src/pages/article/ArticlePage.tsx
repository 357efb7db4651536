import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ArticleDetail, Settings } from '@coinmag/contracts';
import { IMAGE_SIZES, articleDescription, articleSocialImage, formatLongDateTime, keywordsFromTags } from '@coinmag/rules';
import { fetchArticle, sendView } from '../../api/articles';
import { ApiError } from '../../api/http';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { CategoryBadge, ViewCount } from '../../components/ArticleFacts';
import { SmartImage } from '../../components/SmartImage';
import { ArticleCard } from '../../components/ArticleCard';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { TableOfContents } from './TableOfContents';
import { ensureHeadingIds } from './heading-ids';
import pageStyles from '../page.module.css';
import styles from './article.module.css';

export type ArticleState = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ready'; article: ArticleDetail };

export const articleKey = (slug: string) => `/article/${encodeURIComponent(slug)}`;

/** The article, or 'missing' for a 404; any other failure is thrown. */
export async function loadArticleState(slug: string, signal: AbortSignal): Promise<ArticleState> {
  try {
    return { status: 'ready', article: await fetchArticle(slug, signal) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { status: 'missing' };
    throw err;
  }
}

const LOADING: ArticleState = { status: 'loading' };
const failedArticle = (): ArticleState => ({ status: 'failed' });

function metaFor(article: ArticleDetail, fallbackDescription: string, siteTitle: string): PageMeta {
  const categoryPath = article.category_slug ? `/category/${encodeURIComponent(article.category_slug)}` : '/articles';
  const path = `/article/${encodeURIComponent(article.slug)}`;
  return {
    title: article.meta_title || article.title,
    description: articleDescription(article, fallbackDescription),
    path,
    image: articleSocialImage(article, siteTitle),
    type: 'article',
    publishedTime: article.published_at,
    modifiedTime: article.updated_at,
    keywords: keywordsFromTags(article.tags),
    articleSection: article.category_name,
    breadcrumbs: [
      { name: '首頁', path: '/' },
      ...(article.category_name ? [{ name: article.category_name, path: categoryPath }] : []),
      { name: article.title, path },
    ],
  };
}

/** The article page's head, on the server and in the browser: null while loading or failed. */
export function articleMeta(slug: string, state: ArticleState, settings: Settings): PageMeta | null {
  const fallbackDescription = settings.site_description || settings.site_title;
  if (state.status === 'ready') return metaFor(state.article, fallbackDescription, settings.site_title);
  if (state.status === 'missing') return { title: '文章不存在', description: fallbackDescription, path: `/article/${encodeURIComponent(slug)}`, noIndex: true };
  return null;
}

export function ArticlePage() {
  const { slug = '' } = useParams();
  const { settings, SidebarAd } = useSite();
  const { state } = usePageState(articleKey(slug), (signal) => loadArticleState(slug, signal), LOADING, failedArticle);
  const counted = useRef<string | null>(null);
  /** The live count the beacon answers; the article body's own figure may lag by half a minute. */
  const [liveViews, setLiveViews] = useState<{ slug: string; count: number } | null>(null);

  // One beacon per page view, whether the article came with the page or was fetched.
  useEffect(() => {
    if (state.status !== 'ready' || state.article.slug !== slug || counted.current === slug) return;
    counted.current = slug;
    void sendView(slug).then((count) => count !== null && setLiveViews({ slug, count }));
  }, [state, slug]);

  const article = state.status === 'ready' ? state.article : null;
  const fallbackDescription = settings.site_description || settings.site_title;
  usePageMeta(articleMeta(slug, state, settings));
  const html = useMemo(() => (article ? ensureHeadingIds(article.content, article.toc) : ''), [article]);

  useEffect(() => {
    if (!article) return;
    window.scrollTo(0, 0);
  }, [article]);

  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'missing')
    return (
      <div className={pageStyles.page}>
        <EmptyState title="文章不存在" note="這篇文章可能已被刪除或移動" homeLink />
      </div>
    );
  if (!article)
    return (
      <div className={pageStyles.page}>
        <EmptyState title="載入文章失敗" note="請稍後再試" homeLink />
      </div>
    );

  const meta = metaFor(article, fallbackDescription, settings.site_title);
  const tags = keywordsFromTags(article.tags);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs items={meta.breadcrumbs ?? []} />
      <div className={styles.layout}>
        <article className={styles.article}>
          <header className={styles.header}>
            <CategoryBadge name={article.category_name} />
            <h1 className={styles.title}>{article.title}</h1>
            <div className={styles.facts}>
              {article.published_at && <time dateTime={article.published_at}>{formatLongDateTime(article.published_at)}</time>}
              <ViewCount count={liveViews?.slug === article.slug ? Math.max(liveViews.count, article.view_count) : article.view_count} />
              <span>約 5 分鐘閱讀</span>
            </div>
          </header>
          {article.featured_image && (
            <SmartImage src={article.featured_image} alt={article.featured_image_alt ?? ''} width={1200} height={630} sizes={IMAGE_SIZES.articleCover} priority className={styles.cover} />
          )}
          <div className={styles.content} data-testid="article-content" dangerouslySetInnerHTML={{ __html: html }} />
          {tags.length > 0 && (
            <ul className={styles.tags} aria-label="標籤">
              {tags.map((tag) => (
                <li key={tag}>
                  <a href={`/search?q=${encodeURIComponent(tag)}`} className={styles.tag}>#{tag}</a>
                </li>
              ))}
            </ul>
          )}
        </article>
        <aside className={styles.aside}>
          <TableOfContents entries={article.toc} />
          <SidebarAd className={styles.ad} />
        </aside>
      </div>
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
