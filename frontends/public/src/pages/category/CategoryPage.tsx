import type { Api } from '../../api/http';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ArticleSummary, Settings } from '@coinmag/contracts';
import { fetchArticles, fetchCategories, fetchLatest, fetchPopular } from '../../api/articles';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { ArticleCard } from '../../components/ArticleCard';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PagerIsland } from '../../components/Pager';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { pageFromParam } from '../articles/page-param';
import styles from '../page.module.css';

export const CATEGORY_PAGE_SIZE = 12;

/** The special slugs list popular or latest articles instead of a category. */
const SPECIAL: Record<string, { name: string; load: (api: Api) => Promise<ArticleSummary[]> }> = {
  popular: { name: '熱門文章', load: (api) => fetchPopular(CATEGORY_PAGE_SIZE, api) },
  latest: { name: '最新文章', load: (api) => fetchLatest(CATEGORY_PAGE_SIZE, api) },
};

export type CategoryState =
  | { status: 'loading' }
  | { status: 'unknown' }
  | { status: 'failed' }
  | { status: 'ready'; name: string; description: string; articles: ArticleSummary[]; pages: number };

export const categoryKey = (slug: string, page: number) => `/category/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ''}`;

export async function loadCategory(slug: string, page: number, api: Api): Promise<CategoryState> {
  const special = SPECIAL[slug];
  if (special) return { status: 'ready', name: special.name, description: '', articles: await special.load(api), pages: 1 };
  const categories = await fetchCategories(api);
  const category = categories.find((c) => c.slug === slug);
  if (!category) return { status: 'unknown' };
  const list = await fetchArticles({ category: slug, page, limit: CATEGORY_PAGE_SIZE }, api);
  return { status: 'ready', name: category.name, description: category.description, articles: list.articles, pages: list.pagination.pages };
}

const LOADING: CategoryState = { status: 'loading' };
const failedCategory = (): CategoryState => ({ status: 'failed' });

/** The category page's head, on the server and in the browser (a real category names its feed): null while loading or failed. */
export function categoryMeta(slug: string, state: CategoryState, settings: Settings): PageMeta | null {
  const path = `/category/${encodeURIComponent(slug)}`;
  if (state.status === 'unknown') return { title: '分類不存在', description: settings.site_description, path, noIndex: true };
  if (state.status !== 'ready') return null;
  const feed = SPECIAL[slug] ? undefined : { title: state.name, path: `${path}/rss.xml` };
  return { title: state.name, description: state.description || settings.site_description, path, breadcrumbs: [{ name: '首頁', path: '/' }, { name: state.name, path }], feed };
}

export function CategoryPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const { settings } = useSite();
  const { state } = usePageState(categoryKey(slug, page), (api) => loadCategory(slug, page, api), LOADING, failedCategory);

  const path = `/category/${encodeURIComponent(slug)}`;
  usePageMeta(categoryMeta(slug, state, settings));

  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'unknown')
    return (
      <div className={styles.page}>
        <EmptyState title="分類不存在" homeLink />
      </div>
    );
  if (state.status === 'failed')
    return (
      <div className={styles.page}>
        <EmptyState title="載入資料失敗" note="請稍後再試" homeLink />
      </div>
    );
  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ name: '首頁', path: '/' }, { name: state.name, path }]} />
      <h1 className={styles.pageTitle}>{state.name}</h1>
      {state.description && <p className={styles.pageLead}>{state.description}</p>}
      {state.articles.length === 0 ? (
        <EmptyState title="暫無文章" />
      ) : (
        <div className={styles.grid} data-testid="category-articles">
          {state.articles.map((article, index) => (
            <ArticleCard key={article.id} article={article} excerptLength={100} showViews linkText="閱讀更多" priority={index === 0} headingLevel="h2" />
          ))}
        </div>
      )}
      <PagerIsland
        page={page}
        pages={state.pages}
        path={path}
      />
    </div>
  );
}
