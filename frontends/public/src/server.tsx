// The public remote's server bundle (dist/server/index.cjs): the same PublicApp the browser runs,
// and the loaders that give each page the state it is first rendered with.
import { pageRoute } from '@coinmag/rules';
import { ApiError, setApiBase, setApiReader } from './api/http';
import type { InitialPageData } from './data/page-data';
import { articleKey, loadArticleState } from './pages/article/ArticlePage';
import { allArticlesKey, loadAllArticles } from './pages/articles/AllArticlesPage';
import { pageFromParam } from './pages/articles/page-param';
import { categoryKey, loadCategory } from './pages/category/CategoryPage';
import { HomeUnavailableError, homeKey, loadHomeState } from './pages/home/load-home';
import { loadSearch, searchKey } from './pages/search/SearchPage';
import { loadTag, tagKeyOf } from './pages/tag/TagPage';
import { loadPreview, previewKey } from './pages/preview/PreviewPage';

export { default as PublicApp } from './PublicApp';
export { setApiBase, setApiReader };

export interface PageLoad {
  /** null: a path no page answers (the not-found page). */
  data: InitialPageData | null;
  status: number;
}

/** The status a page's state answers with: missing → 404, unreadable → 503. */
function statusOf(state: { status: string }): number {
  if (state.status === 'missing' || state.status === 'unknown' || state.status === 'gone') return 404;
  if (state.status === 'failed') return 503;
  return 200;
}

/** The API refused the request itself (a search term too long, say): the reader's input, not an outage. */
function refusedInput(err: unknown): number | undefined {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.status : undefined;
}

async function settle(key: string, load: () => Promise<{ status: string }>, failed: (err: unknown) => { status: string }): Promise<PageLoad> {
  let state: { status: string };
  try {
    state = await load();
  } catch (err) {
    state = failed(err);
    const status = refusedInput(err);
    if (status) return { data: { key, state }, status };
  }
  return { data: { key, state }, status: statusOf(state) };
}

const failedState = () => ({ status: 'failed' });

/** Loads what the page at `pathname` + `search` shows, with the same calls the browser makes. */
export async function loadPageData(pathname: string, search: string, signal: AbortSignal): Promise<PageLoad> {
  const params = new URLSearchParams(search);
  const page = pageFromParam(params.get('page'));
  const route = pageRoute(pathname);
  if (route.page === 'home') return settle(homeKey(), () => loadHomeState(signal), failedState);
  if (route.page === 'article') {
    const { slug } = route;
    if (!slug) return { data: null, status: 404 };
    return settle(articleKey(slug), () => loadArticleState(slug, signal), failedState);
  }
  if (route.page === 'category') {
    const { slug } = route;
    if (!slug) return { data: null, status: 404 };
    return settle(categoryKey(slug, page), () => loadCategory(slug, page, signal), failedState);
  }
  if (route.page === 'tag') {
    const { tag } = route;
    if (!tag) return { data: null, status: 404 };
    return settle(tagKeyOf(tag, page), () => loadTag(tag, page, signal), failedState);
  }
  if (route.page === 'preview') {
    const { token } = route;
    return settle(previewKey(token), () => loadPreview(token, signal), failedState);
  }
  if (route.page === 'articles') return settle(allArticlesKey(page), () => loadAllArticles(page, signal), failedState);
  if (route.page === 'search') {
    const term = (params.get('q') ?? '').trim();
    return settle(searchKey(term, page), () => loadSearch(term, page, signal), (err) => ({ status: 'failed', message: `搜尋失敗：${(err as Error).message}` }));
  }
  return { data: null, status: 404 };
}

export { ApiError, HomeUnavailableError };
