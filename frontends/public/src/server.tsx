// The public remote's server bundle (dist/server/index.cjs): the same PublicApp the browser runs,
// and the loaders that give each page the state it is first rendered with.
import { LEARNING_PATH_DEPS, type Settings, type SlugRedirect } from '@coinmag/contracts';
import { IMAGE_SIZES, pageRoute, tagPagePath, type PageMetaInput } from '@coinmag/rules';
import { ApiError, getJson, setApiBase, setApiReader } from './api/http';
import type { InitialPageData } from './data/page-data';
import { resolveImageUrl } from './media/image-url';
import type { PageMeta } from './meta/use-page-meta';
import { notFoundMeta } from './pages/NotFoundPage';
import { articleKey, articleMeta, loadArticleState, type ArticleState } from './pages/article/ArticlePage';
import { allArticlesKey, allArticlesMeta, loadAllArticles } from './pages/articles/AllArticlesPage';
import { pageFromParam } from './pages/articles/page-param';
import { categoryKey, categoryMeta, loadCategory, type CategoryState } from './pages/category/CategoryPage';
import { homeMeta } from './pages/home/HomePage';
import { HomeUnavailableError, homeKey, loadHomeState, type HomeState } from './pages/home/load-home';
import { loadSearch, searchKey, searchMeta } from './pages/search/SearchPage';
import { loadTag, tagKeyOf, tagMeta, type TagState } from './pages/tag/TagPage';
import { loadPreview, previewKey, previewMeta, type PreviewState } from './pages/preview/PreviewPage';
import { learnKey, learnMeta, loadLearn, type LearnState } from './pages/learn/LearnPage';
import { learningPathKey, learningPathMeta, loadLearningPath, type LearningPathState } from './pages/learn/LearningPathPage';
import { glossaryKey, glossaryMeta, loadGlossary, type GlossaryState } from './pages/glossary/GlossaryPage';
import { coinKey, coinMeta, loadCoin, type CoinState } from './pages/coins/CoinPage';
import { coinsKey, coinsMeta, loadCoins } from './pages/coins/CoinsPage';
import { glossaryTermKey, glossaryTermPageMeta, loadGlossaryTerm, type GlossaryTermState } from './pages/glossary/GlossaryTermPage';

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
async function loadPageData(pathname: string, search: string, signal: AbortSignal): Promise<PageLoad> {
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
  if (route.page === 'learn') return settle(learnKey(), () => loadLearn(signal), failedState);
  if (route.page === 'learn-path') {
    const { slug } = route;
    if (!slug) return { data: null, status: 404 };
    return settle(learningPathKey(slug), () => loadLearningPath(slug, signal), failedState);
  }
  if (route.page === 'glossary') return settle(glossaryKey(), () => loadGlossary(signal), failedState);
  if (route.page === 'glossary-term') {
    const { slug } = route;
    if (!slug) return { data: null, status: 404 };
    return settle(glossaryTermKey(slug, page), () => loadGlossaryTerm(slug, page, signal), failedState);
  }
  if (route.page === 'coins') return settle(coinsKey(), () => loadCoins(signal), failedState);
  if (route.page === 'coin') {
    const { symbol } = route;
    if (!symbol) return { data: null, status: 404 };
    return settle(coinKey(symbol), () => loadCoin(symbol, signal), failedState);
  }
  if (route.page === 'search') {
    const term = (params.get('q') ?? '').trim();
    return settle(searchKey(term, page), () => loadSearch(term, page, signal), (err) => ({ status: 'failed', message: `搜尋失敗：${(err as Error).message}` }));
  }
  return { data: null, status: 404 };
}

/** The image that will be the page's largest paint, preloaded with the srcset and sizes its <img> uses. */
export interface LcpImage {
  src: string;
  sizes: string;
}

/** What the server answers for a URL: its status, its head, and the data it is first rendered with. */
export interface PageAnswer {
  status: number;
  head: Omit<PageMetaInput, 'origin'>;
  /** The page lives at this path (301: an old slug, another spelling of a tag; 302: a preview of what is now published); nothing else is rendered. */
  redirect?: string;
  /** A preview link's page: never cached, never indexed. */
  private?: true;
  data: InitialPageData | null;
  lcpImage: LcpImage | null;
  /** What the page depends on besides articles, categories and settings (the gateway drops it when one changes). */
  deps?: string[];
}

/** Titles of a page whose content could not be read because the content service is down (docs/product.md §10). */
const UNAVAILABLE_TITLE = { article: '載入文章失敗', data: '載入資料失敗' } as const;

/** The current slug of an article or category that once had `slug`; null when there is none. */
async function movedSlug(kind: 'article' | 'category', slug: string, signal: AbortSignal): Promise<string | null> {
  try {
    return (await getJson<SlugRedirect>(`/api/redirects/${kind}/${encodeURIComponent(slug)}`, '', signal)).slug ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The head the page's own component sets in the browser, from the same state; null while that state is unreadable. */
function metaOf(pathname: string, search: string, load: PageLoad, settings: Settings): PageMeta | null {
  const params = new URLSearchParams(search);
  const route = pageRoute(pathname);
  const state = load.data?.state;
  // A segment that cannot name a tag (a slash, a bad escape) is an unknown tag, as its page says in the browser.
  if (route.page === 'tag' && !route.tag) return { ...tagMeta('', 1, { status: 'unknown' }, settings)!, path: pathname };
  if (!state) return notFoundMeta(pathname, settings);
  if (route.page === 'home') return homeMeta(settings);
  if (route.page === 'article') return articleMeta(route.slug!, state as ArticleState, settings);
  if (route.page === 'category') return categoryMeta(route.slug!, state as CategoryState, settings);
  if (route.page === 'tag') return tagMeta(route.tag!, pageFromParam(params.get('page')), state as TagState, settings);
  if (route.page === 'preview') return previewMeta(route.token, state as PreviewState, settings);
  if (route.page === 'articles') return allArticlesMeta(pageFromParam(params.get('page')), settings);
  if (route.page === 'learn') return learnMeta(state as LearnState, settings);
  if (route.page === 'learn-path') return learningPathMeta(route.slug!, state as LearningPathState, settings);
  if (route.page === 'search') return searchMeta((params.get('q') ?? '').trim(), settings);
  if (route.page === 'glossary') return glossaryMeta(state as GlossaryState);
  if (route.page === 'coins') return coinsMeta();
  if (route.page === 'coin') return coinMeta(route.symbol!, state as CoinState, settings);
  if (route.page === 'glossary-term') return glossaryTermPageMeta(route.slug!, pageFromParam(params.get('page')), state as GlossaryTermState, settings);
  return notFoundMeta(pathname, settings);
}

function lcpImageOf(pathname: string, load: PageLoad): LcpImage | null {
  const route = pageRoute(pathname);
  const state = load.data?.state as HomeState | ArticleState | undefined;
  if (route.page === 'home' && state?.status === 'ready' && 'data' in state) {
    const src = resolveImageUrl(state.data.carousel[0]?.featured_image);
    return src ? { src, sizes: IMAGE_SIZES.carousel } : null;
  }
  if ((route.page === 'article' || route.page === 'preview') && state?.status === 'ready' && 'article' in state) {
    const src = resolveImageUrl(state.article.featured_image);
    return src ? { src, sizes: IMAGE_SIZES.articleCover } : null;
  }
  const pathState = load.data?.state as LearningPathState | undefined;
  if (route.page === 'learn-path' && pathState?.status === 'ready') {
    const src = resolveImageUrl(pathState.path.cover);
    return src ? { src, sizes: IMAGE_SIZES.pathCover } : null;
  }
  return null;
}

/** What the page shows of learning paths, named as the content service announces their changes. */
function depsOf(pathname: string, load: PageLoad): string[] | undefined {
  const route = pageRoute(pathname);
  const state = load.data?.state as ArticleState | LearnState | LearningPathState | undefined;
  if (route.page === 'article' && state?.status === 'ready' && 'article' in state) return [LEARNING_PATH_DEPS.placesOf(state.article.id)];
  if (route.page === 'learn') return [LEARNING_PATH_DEPS.list];
  if (route.page === 'learn-path' && route.slug) return [LEARNING_PATH_DEPS.path(route.slug)];
  return undefined;
}

/**
 * Answers a URL as the server renders it: the page's data (read through the gateway's cache, one
 * read per resource), the status it implies, a 301 for an old slug, and the head written from the
 * same state the page's component uses in the browser (docs/product.md §3).
 */
export async function answerPage(pathname: string, search: string, settings: Settings, signal: AbortSignal): Promise<PageAnswer> {
  const route = pageRoute(pathname);
  const redirect = (status: number, to: string, extra: Partial<PageAnswer> = {}): PageAnswer => ({ status, redirect: to, head: { siteTitle: settings.site_title, description: settings.site_description, path: pathname, noIndex: true }, data: null, lcpImage: null, ...extra });
  // Every spelling of a tag (an old WordPress /tag/ link, a full-width or capitalised one) lands on its one page.
  if (route.page === 'tag' && route.tag && pathname !== tagPagePath(route.tag)) return redirect(301, tagPagePath(route.tag));
  const load = await loadPageData(pathname, search, signal);
  if (route.page === 'preview') {
    const state = load.data?.state as PreviewState | undefined;
    if (state?.status === 'published') return redirect(302, `/article/${encodeURIComponent(state.slug)}`, { private: true });
  }
  if ((route.page === 'article' || route.page === 'category') && route.slug && load.status === 404) {
    const kind = route.page;
    const moved = await movedSlug(kind, route.slug, signal).catch(() => null);
    if (moved) return redirect(301, `/${kind}/${encodeURIComponent(moved)}`);
  }
  const meta = metaOf(pathname, search, load, settings) ?? {
    title: route.page === 'article' || route.page === 'preview' ? UNAVAILABLE_TITLE.article : UNAVAILABLE_TITLE.data,
    description: settings.site_description,
    path: pathname,
    noIndex: true,
  };
  const deps = depsOf(pathname, load);
  const answer: PageAnswer = { status: load.status, head: { ...meta, siteTitle: settings.site_title }, data: load.data, lcpImage: lcpImageOf(pathname, load), ...(deps ? { deps } : {}) };
  return route.page === 'preview' ? { ...answer, head: { ...answer.head, noIndex: true }, private: true } : answer;
}

export { ApiError, HomeUnavailableError };
