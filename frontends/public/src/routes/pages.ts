import { FLASH_DEP, LEARNING_PATH_DEPS, type SlugRedirect } from '@coinmag/contracts';
import { IMAGE_SIZES, tagPagePath } from '@coinmag/rules';
import { getJson, type Api } from '../api/http';
import { resolveImageUrl } from '../media/image-url';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ArticlePage, articleKey, articleMeta, loadArticleState } from '../pages/article/ArticlePage';
import { AllArticlesPage, allArticlesKey, allArticlesMeta, loadAllArticles } from '../pages/articles/AllArticlesPage';
import { pageFromParam } from '../pages/articles/page-param';
import { CategoryPage, categoryKey, categoryMeta, loadCategory } from '../pages/category/CategoryPage';
import { FlashItemPage, flashItemKey, flashItemMeta, loadFlashItem } from '../pages/flash/FlashItemPage';
import { FlashListPage, flashListKey, flashListMeta, loadFlashList } from '../pages/flash/FlashPage';
import { GlossaryPage, glossaryKey, glossaryMeta, loadGlossary } from '../pages/glossary/GlossaryPage';
import { GlossaryTermPage, glossaryTermKey, glossaryTermPageMeta, loadGlossaryTerm } from '../pages/glossary/GlossaryTermPage';
import { HomePage, homeMeta } from '../pages/home/HomePage';
import { homeKey, loadHomeState } from '../pages/home/load-home';
import { LearnPage, learnKey, learnMeta, loadLearn } from '../pages/learn/LearnPage';
import { LearningPathPage, learningPathKey, learningPathMeta, loadLearningPath } from '../pages/learn/LearningPathPage';
import { PreviewPage, loadPreview, previewKey, previewMeta } from '../pages/preview/PreviewPage';
import { SearchPage, failedSearch, loadSearch, searchKey, searchMeta } from '../pages/search/SearchPage';
import { TagPage, loadTag, tagKeyOf, tagMeta } from '../pages/tag/TagPage';
import { CoinPage, coinKey, coinMeta, loadCoin } from '../pages/coins/CoinPage';
import { CoinsPage, coinsKey, coinsMeta, loadCoins } from '../pages/coins/CoinsPage';
import { NewsletterPage, loadNewsletter, newsletterKey, newsletterMeta } from '../pages/newsletter/NewsletterPage';
import { definePage, type Moved, type RouteTable } from './page-entry';

const failed = () => ({ status: 'failed' as const });
/** The state of a path no page answers (never loaded: its params are null). */
const NOTHING = { status: 'missing' } as const;
const ARTICLE_UNAVAILABLE = '載入文章失敗';
const listPage = (query: URLSearchParams) => pageFromParam(query.get('page'));

/** The current slug of an article or category that once had `slug`, as a 301; null when there is none or the lookup fails (the page then answers its own 404). */
async function movedSlug(kind: 'article' | 'category', slug: string, api: Api): Promise<Moved | null> {
  const moved = await getJson<SlugRedirect>(`/api/redirects/${kind}/${encodeURIComponent(slug)}`, '', api).then((answer) => answer.slug, () => null);
  return moved ? { status: 301, to: `/${kind}/${encodeURIComponent(moved)}` } : null;
}

/**
 * The public pages (docs/product.md §2 Public routes), one entry each: the server answers a URL
 * from it (server.tsx) and the browser's router shows its component (PublicApp.tsx). Adding a page
 * is one entry here, its route in `pageRoute` (@coinmag/rules), and its component with its loader
 * and meta (docs/architecture.md, "Adding a public page").
 */
export const PAGES: RouteTable = {
  home: definePage({
    path: '',
    component: HomePage,
    params: () => ({}),
    key: homeKey,
    load: (_params, api) => loadHomeState(api),
    failed,
    meta: (_params, _state, settings) => homeMeta(settings),
    lcpImage: (state) => {
      const src = state.status === 'ready' ? resolveImageUrl(state.data.carousel[0]?.featured_image) : null;
      return src ? { src, sizes: IMAGE_SIZES.carousel } : null;
    },
    // Its 快訊 box: dropped when an item is written (an article page's box is filled in the browser).
    deps: () => [FLASH_DEP],
  }),
  article: definePage({
    path: 'article/:slug',
    component: ArticlePage,
    params: (route) => route.slug,
    key: articleKey,
    load: loadArticleState,
    failed,
    meta: articleMeta,
    unavailableTitle: ARTICLE_UNAVAILABLE,
    movedAfter: (slug, _state, status, api) => (status === 404 ? movedSlug('article', slug, api) : Promise.resolve(null)),
    lcpImage: (state) => {
      const src = state.status === 'ready' ? resolveImageUrl(state.article.featured_image) : null;
      return src ? { src, sizes: IMAGE_SIZES.articleCover } : null;
    },
    // Dropped by the gateway when a learning path that holds the article is saved.
    deps: (_slug, state) => (state.status === 'ready' ? [LEARNING_PATH_DEPS.placesOf(state.article.id)] : undefined),
  }),
  category: definePage({
    path: 'category/:slug',
    component: CategoryPage,
    params: (route, query) => (route.slug === null ? null : { slug: route.slug, page: listPage(query) }),
    key: ({ slug, page }) => categoryKey(slug, page),
    load: ({ slug, page }, api) => loadCategory(slug, page, api),
    failed,
    meta: ({ slug }, state, settings) => categoryMeta(slug, state, settings),
    movedAfter: ({ slug }, _state, status, api) => (status === 404 ? movedSlug('category', slug, api) : Promise.resolve(null)),
  }),
  tag: definePage({
    path: 'tag/:tag',
    component: TagPage,
    params: (route, query) => (route.tag === null ? null : { tag: route.tag, page: listPage(query) }),
    // A segment that cannot name a tag (a slash, a bad escape) is an unknown tag, as its page says in the browser.
    namesNothing: (pathname, settings) => ({ ...tagMeta('', 1, { status: 'unknown' }, settings)!, path: pathname }),
    // Every spelling of a tag (an old WordPress /tag/ link, a full-width or capitalised one) lands on its one page.
    movedBefore: ({ tag }, pathname) => (pathname === tagPagePath(tag) ? null : { status: 301, to: tagPagePath(tag) }),
    key: ({ tag, page }) => tagKeyOf(tag, page),
    load: ({ tag, page }, api) => loadTag(tag, page, api),
    failed,
    meta: ({ tag, page }, state, settings) => tagMeta(tag, page, state, settings),
    // The tag's 快訊 beside its articles.
    deps: () => [FLASH_DEP],
  }),
  preview: definePage({
    path: 'preview/:token',
    component: PreviewPage,
    params: (route) => route.token,
    key: previewKey,
    load: loadPreview,
    failed,
    meta: previewMeta,
    unavailableTitle: ARTICLE_UNAVAILABLE,
    movedAfter: async (_token, state) => (state.status === 'published' ? { status: 302, to: `/article/${encodeURIComponent(state.slug)}` } : null),
    lcpImage: (state) => {
      const src = state.status === 'ready' ? resolveImageUrl(state.article.featured_image) : null;
      return src ? { src, sizes: IMAGE_SIZES.articleCover } : null;
    },
    private: true,
  }),
  // The newsletter's signed-link pages: the browser reads the token; never cached, never indexed.
  newsletter: definePage({
    path: 'newsletter/:action',
    component: NewsletterPage,
    params: (route) => route.action,
    key: newsletterKey,
    load: () => loadNewsletter(),
    failed: () => ({ status: 'ready' as const }),
    meta: (action) => newsletterMeta(action),
    private: true,
  }),
  articles: definePage({
    path: 'articles',
    component: AllArticlesPage,
    params: (_route, query) => listPage(query),
    key: allArticlesKey,
    load: loadAllArticles,
    failed,
    meta: (page, _state, settings) => allArticlesMeta(page, settings),
  }),
  learn: definePage({
    path: 'learn',
    component: LearnPage,
    params: () => ({}),
    key: learnKey,
    load: (_params, api) => loadLearn(api),
    failed,
    meta: (_params, state, settings) => learnMeta(state, settings),
    deps: () => [LEARNING_PATH_DEPS.list],
  }),
  'learn-path': definePage({
    path: 'learn/:slug',
    component: LearningPathPage,
    params: (route) => route.slug,
    key: learningPathKey,
    load: loadLearningPath,
    failed,
    meta: learningPathMeta,
    lcpImage: (state) => {
      const src = state.status === 'ready' ? resolveImageUrl(state.path.cover) : null;
      return src ? { src, sizes: IMAGE_SIZES.pathCover } : null;
    },
    deps: (slug) => [LEARNING_PATH_DEPS.path(slug)],
  }),
  search: definePage({
    path: 'search',
    component: SearchPage,
    params: (_route, query) => ({ term: (query.get('q') ?? '').trim(), page: listPage(query) }),
    key: ({ term, page }) => searchKey(term, page),
    load: ({ term, page }, api) => loadSearch(term, page, api),
    failed: failedSearch,
    meta: ({ term }, _state, settings) => searchMeta(term, settings),
  }),
  glossary: definePage({
    path: 'glossary',
    component: GlossaryPage,
    params: () => ({}),
    key: glossaryKey,
    load: (_params, api) => loadGlossary(api),
    failed,
    meta: (_params, state) => glossaryMeta(state),
  }),
  'glossary-term': definePage({
    path: 'glossary/:slug',
    component: GlossaryTermPage,
    params: (route, query) => (route.slug === null ? null : { slug: route.slug, page: listPage(query) }),
    key: ({ slug, page }) => glossaryTermKey(slug, page),
    load: ({ slug, page }, api) => loadGlossaryTerm(slug, page, api),
    failed,
    meta: ({ slug, page }, state, settings) => glossaryTermPageMeta(slug, page, state, settings),
  }),
  flash: definePage({
    path: 'flash',
    component: FlashListPage,
    // An object: a bare null would say the path names nothing (the first page has no cursor).
    params: (_route, query) => ({ cursor: query.get('cursor') }),
    key: ({ cursor }) => flashListKey(cursor),
    load: ({ cursor }, api) => loadFlashList(cursor, api),
    failed,
    meta: (_cursor, state, settings) => flashListMeta(state, settings),
    deps: () => [FLASH_DEP],
  }),
  'flash-item': definePage({
    path: 'flash/:id',
    component: FlashItemPage,
    params: (route) => route.id,
    key: flashItemKey,
    load: loadFlashItem,
    failed,
    meta: flashItemMeta,
    deps: () => [FLASH_DEP],
  }),
  // Prices (docs/product.md, Market data), read from the markets service.
  coins: definePage({
    path: 'coins',
    component: CoinsPage,
    params: () => ({}),
    key: coinsKey,
    load: (_params, api) => loadCoins(api),
    failed,
    meta: () => coinsMeta(),
  }),
  coin: definePage({
    path: 'coin/:symbol',
    component: CoinPage,
    params: (route) => route.symbol,
    key: coinKey,
    load: loadCoin,
    failed,
    meta: coinMeta,
  }),
  unknown: definePage({
    path: '*',
    component: NotFoundPage,
    params: () => null,
    key: () => '',
    load: async () => NOTHING,
    failed: () => NOTHING,
    meta: () => null,
  }),
};
