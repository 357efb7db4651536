import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ArticleList } from '@coinmag/contracts';
import { fetchArticles } from '../../api/articles';
import { isAbort } from '../../api/http';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { ArticleCard } from '../../components/ArticleCard';
import { Pager } from '../../components/Pager';
import { usePageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { pageFromParam } from '../articles/page-param';
import styles from '../page.module.css';

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_EXCERPT = 150;

type State = { status: 'idle' } | { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; list: ArticleList };

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const page = pageFromParam(params.get('page'));
  const { settings } = useSite();
  const [state, setState] = useState<State>({ status: 'idle' });

  usePageMeta({
    title: term ? `「${term}」的搜尋結果` : '搜尋',
    description: settings.site_description,
    path: term ? `/search?q=${encodeURIComponent(term)}` : '/search',
    noIndex: true,
  });

  useEffect(() => {
    if (!term) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchArticles({ search: term, page, limit: SEARCH_PAGE_SIZE }, controller.signal).then(
      (list) => setState({ status: 'ready', list }),
      (err: unknown) => {
        if (isAbort(err)) return;
        const message = `搜尋失敗：${(err as Error).message}`;
        console.error(message);
        setState({ status: 'failed', message });
      },
    );
    return () => controller.abort();
  }, [term, page]);

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
          <p className={styles.pageLead} data-testid="search-count">找到 {state.list.pagination.total} 篇文章</p>
          <div className={styles.list} data-testid="search-results">
            {state.list.articles.map((article) => (
              <ArticleCard key={article.id} article={article} layout="row" excerptLength={SEARCH_EXCERPT} headingLevel="h2" />
            ))}
          </div>
          <Pager
            page={page}
            pages={state.list.pagination.pages}
            onChange={(next) => {
              setParams(next > 1 ? { q: term, page: String(next) } : { q: term });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </>
      )}
    </div>
  );
}
