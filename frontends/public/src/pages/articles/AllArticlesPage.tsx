import type { Api } from '../../api/http';
import { useSearchParams } from 'react-router-dom';
import type { ArticleList, Settings } from '@coinmag/contracts';
import { fetchArticles } from '../../api/articles';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { ArticleCard } from '../../components/ArticleCard';
import { PagerIsland } from '../../components/Pager';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { pageFromParam } from './page-param';
import styles from '../page.module.css';

export const ALL_ARTICLES_PAGE_SIZE = 20;
export const ALL_ARTICLES_EXCERPT = 200;

export type AllArticlesState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: ArticleList };

export const allArticlesKey = (page: number) => `/articles${page > 1 ? `?page=${page}` : ''}`;

export async function loadAllArticles(page: number, api: Api): Promise<AllArticlesState> {
  return { status: 'ready', list: await fetchArticles({ page, limit: ALL_ARTICLES_PAGE_SIZE }, api) };
}

const LOADING: AllArticlesState = { status: 'loading' };
const failedList = (): AllArticlesState => ({ status: 'failed' });

/** The all-articles page's head, on the server and in the browser. */
export function allArticlesMeta(page: number, settings: Settings): PageMeta {
  return {
    title: page > 1 ? `所有文章（第 ${page} 頁）` : '所有文章',
    description: settings.site_description,
    path: page > 1 ? `/articles?page=${page}` : '/articles',
    breadcrumbs: [{ name: '首頁', path: '/' }, { name: '所有文章', path: '/articles' }],
  };
}

export function AllArticlesPage() {
  const [params] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const { settings } = useSite();
  const { state } = usePageState(allArticlesKey(page), (api) => loadAllArticles(page, api), LOADING, failedList);
  const list = state.status === 'ready' ? state.list : null;
  const failed = state.status === 'failed';

  usePageMeta(allArticlesMeta(page, settings));

  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>所有文章</h1>
      {failed ? (
        <EmptyState title="載入資料失敗" note="請稍後再試" homeLink />
      ) : !list || list.pagination.page !== page ? (
        <Spinner label="載入內容中…" />
      ) : (
        <>
          <p className={styles.pageLead} data-testid="articles-total">共 {list.pagination.total} 篇文章</p>
          {list.articles.length === 0 ? (
            <EmptyState title="暫無文章" />
          ) : (
            <div className={styles.list} data-testid="all-articles">
              {list.articles.map((article, index) => (
                <ArticleCard key={article.id} article={article} layout="row" excerptLength={ALL_ARTICLES_EXCERPT} showViews linkText="閱讀全文" priority={index === 0} headingLevel="h2" />
              ))}
            </div>
          )}
          <PagerIsland page={page} pages={list.pagination.pages} path="/articles" />
        </>
      )}
    </div>
  );
}
