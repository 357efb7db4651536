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
import { pageFromParam } from '../articles/page-param';
import styles from '../page.module.css';

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_EXCERPT = 150;

export type SearchState = { status: 'idle' } | { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; list: ArticleList };

export const searchKey = (term: string, page: number) => (term ? `/search?q=${encodeURIComponent(term)}${page > 1 ? `&page=${page}` : ''}` : '/search');

export async function loadSearch(term: string, page: number, api: Api): Promise<SearchState> {
  if (!term) return { status: 'idle' };
  return { status: 'ready', list: await fetchArticles({ search: term, page, limit: SEARCH_PAGE_SIZE }, api) };
}

export const failedSearch = (err: unknown): SearchState => ({ status: 'failed', message: `搜尋失敗：${(err as Error).message}` });

/** The search page's head, on the server and in the browser (never indexed). */
export function searchMeta(term: string, settings: Settings): PageMeta {
  return {
    title: term ? `「${term}」的搜尋結果` : '搜尋',
    description: settings.site_description,
    path: term ? `/search?q=${encodeURIComponent(term)}` : '/search',
    noIndex: true,
  };
}

export function SearchPage() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const page = pageFromParam(params.get('page'));
  const { settings } = useSite();
  const { state } = usePageState<SearchState>(searchKey(term, page), (api) => loadSearch(term, page, api), term ? { status: 'loading' } : { status: 'idle' }, failedSearch);

  usePageMeta(searchMeta(term, settings));

  if (!term)
    return (
      <div className={styles.page}>
        <h1 className={styles.pageTitle}>搜尋</h1>
        <EmptyState title="請在上方搜尋框輸入關鍵字" />
      </div>
    );
  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>「{term}」的搜尋結果</h1>
      {state.status === 'loading' || state.status === 'idle' ? (
        <Spinner label="搜尋中…" />
      ) : state.status === 'failed' ? (
        <EmptyState title={state.message} homeLink />
      ) : state.list.pagination.total === 0 ? (
        <EmptyState title="找不到相關文章" homeLink />
      ) : (
        <>
          <p className={styles.pageLead} data-testid="search-count">找到 {state.list.pagination.total.toLocaleString('zh-TW')}{state.list.pagination.capped ? '+' : ''} 篇文章</p>
          <div className={styles.list} data-testid="search-results">
            {state.list.articles.map((article) => (
              <ArticleCard key={article.id} article={article} layout="row" excerptLength={SEARCH_EXCERPT} headingLevel="h2" />
            ))}
          </div>
          <PagerIsland
            page={page}
            pages={state.list.pagination.pages}
            path="/search"
            params={{ q: term }}
          />
        </>
      )}
    </div>
  );
}
