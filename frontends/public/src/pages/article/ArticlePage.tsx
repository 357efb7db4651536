import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { aspectUrls, type ArticleDetail, type LessonPlace, type Settings } from '@coinmag/contracts';
import { articleDescription, articleSocialImage, keywordsFromTags } from '@coinmag/rules';
import { fetchArticle } from '../../api/articles';
import { ApiError, isAbort, type Api } from '../../api/http';
import { fetchLessonPlaces } from '../../api/learning-paths';
import { LessonNav } from '../learn/LessonNav';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { ArticleView } from './ArticleView';
import { ArticleViewsIsland } from './ArticleViews';
import { ensureHeadingIds } from './heading-ids';
import { loadPriceSince, type ArticlePriceSince } from './price-since';
import { PriceSinceLine } from './PriceSinceLine';
import pageStyles from '../page.module.css';

/** `places`: where the article stands in the learning paths that hold it (docs/product.md §3). */
export type ArticleState = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ready'; article: ArticleDetail; places?: LessonPlace[]; price?: ArticlePriceSince | null };

export const articleKey = (slug: string) => `/article/${encodeURIComponent(slug)}`;

/** The article, or 'missing' for a 404; any other failure is thrown. */
export async function loadArticleState(slug: string, api: Api): Promise<ArticleState> {
  try {
    const article = await fetchArticle(slug, api);
    const [places, price] = await Promise.all([lessonPlaces(article.id, api), loadPriceSince(article, api)]);
    return { status: 'ready', article, places, price };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { status: 'missing' };
    throw err;
  }
}

/** The article reads without its lesson places when they cannot be read. */
async function lessonPlaces(articleId: number, api: Api): Promise<LessonPlace[]> {
  try {
    return await fetchLessonPlaces(articleId, api);
  } catch (err) {
    if (isAbort(err)) throw err;
    return [];
  }
}

const LOADING: ArticleState = { status: 'loading' };
const failedArticle = (): ArticleState => ({ status: 'failed' });

export function metaFor(article: ArticleDetail, fallbackDescription: string, siteTitle: string): PageMeta {
  const categoryPath = article.category_slug ? `/category/${encodeURIComponent(article.category_slug)}` : '/articles';
  const path = `/article/${encodeURIComponent(article.slug)}`;
  return {
    title: article.meta_title || article.title,
    description: articleDescription(article, fallbackDescription),
    path,
    image: articleSocialImage(article, siteTitle),
    structuredImages: article.featured_image ? aspectUrls(article.featured_image) : null,
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
  const { settings } = useSite();
  const { state } = usePageState(articleKey(slug), (api) => loadArticleState(slug, api), LOADING, failedArticle);
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

  // The view beacon and the live count are an island of their own (one beacon per page view).
  const views = <ArticleViewsIsland slug={article.slug} count={article.view_count} />;
  const lessons = state.status === 'ready' && state.places?.length ? <LessonNav articleId={article.id} places={state.places} /> : undefined;
  const price = state.status === 'ready' && state.price ? <PriceSinceLine price={state.price} /> : undefined;
  return <ArticleView article={article} html={html} views={views} lessons={lessons} price={price} breadcrumbs={metaFor(article, fallbackDescription, settings.site_title).breadcrumbs ?? []} />;
}
