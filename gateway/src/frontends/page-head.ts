import { PREVIEW_MESSAGES, TAG_PAGE_SIZE, aspectUrls, type Settings } from '@coinmag/contracts';
import { IMAGE_SIZES, TAG_TEXT, articleDescription, articleSocialImage, isAdminPagePath, keywordsFromTags, pageFromParam, pageRoute, tagPageMeta, tagPagePath, type PageMetaInput } from '@coinmag/rules';
import type { ContentClient } from './content-client.js';

/** Titles of a page whose content could not be read because the content service is down (docs/product.md §10). */
export const UNAVAILABLE_TITLE = { article: '載入文章失敗', data: '載入資料失敗' } as const;

export const DEFAULT_SITE = { title: '幣誌 CoinMag', description: '幫助更多新手快速掌握最新的加密貨幣趨勢與資訊' };

/** The image that will be the page's largest paint, preloaded with the srcset and sizes its <img> uses. */
export interface LcpImage {
  src: string;
  sizes: string;
}

export interface PageHeadResult {
  input: Omit<PageMetaInput, 'origin'>;
  status: number;
  /** An old slug: the page lives at this path now (301; 302 for a private page). */
  redirect?: string;
  /** A preview link's page: never cached by anyone, never indexed (docs/product.md §3 Preview links). */
  private?: true;
  settings: Settings | null;
  lcpImage?: LcpImage | null;
}

/** As the public remote resolves image URLs: absolute and site paths kept, bare names under /uploads/. */
function imageSrc(value: string | null | undefined): string | null {
  const src = value?.trim();
  if (!src) return null;
  return /^(https?:)?\/\//i.test(src) || src.startsWith('/') ? src : `/uploads/${src}`;
}

/** What the server writes in <head> for a path (docs/product.md §3), from the content service when it answers quickly. */
export async function pageHeadFor(pathname: string, search: string, content: ContentClient): Promise<PageHeadResult> {
  if (isAdminPagePath(pathname)) {
    return { input: { siteTitle: DEFAULT_SITE.title, title: '管理後台', description: DEFAULT_SITE.description, path: pathname, noIndex: true }, status: 200, settings: null };
  }
  const settings = await content.settings();
  const siteTitle = settings?.site_title || DEFAULT_SITE.title;
  const description = settings?.site_description || DEFAULT_SITE.description;
  const base = { siteTitle, description };

  const route = pageRoute(pathname);
  if (route.page === 'home') {
    const hero = imageSrc((await content.carousel())?.[0]?.featured_image);
    return { input: { ...base, path: '/', type: 'website' }, status: 200, settings, lcpImage: hero ? { src: hero, sizes: IMAGE_SIZES.carousel } : null };
  }

  if (route.page === 'article') {
    const { slug } = route;
    const found = slug ? await content.article(slug) : 'missing';
    if (found === 'missing') {
      const moved = slug ? await content.movedSlug('article', slug) : null;
      if (moved) return { input: { ...base, path: pathname }, status: 301, redirect: `/article/${encodeURIComponent(moved)}`, settings };
      return { input: { ...base, title: '文章不存在', path: pathname, noIndex: true }, status: 404, settings };
    }
    // The content service did not answer: say so (503, retry later) rather than a 200 with the generic title.
    if (!found) return { input: { ...base, title: UNAVAILABLE_TITLE.article, path: pathname, noIndex: true }, status: 503, settings };
    const path = `/article/${encodeURIComponent(found.slug)}`;
    const categoryPath = found.category_slug ? `/category/${encodeURIComponent(found.category_slug)}` : '/articles';
    return {
      input: {
        siteTitle,
        title: found.meta_title || found.title,
        description: articleDescription(found, description),
        path,
        image: articleSocialImage(found, siteTitle),
        structuredImages: found.featured_image ? aspectUrls(found.featured_image) : null,
        type: 'article',
        publishedTime: found.published_at,
        modifiedTime: found.updated_at,
        keywords: keywordsFromTags(found.tags),
        articleSection: found.category_name,
        breadcrumbs: [{ name: '首頁', path: '/' }, ...(found.category_name ? [{ name: found.category_name, path: categoryPath }] : []), { name: found.title, path }],
      },
      status: 200,
      settings,
      lcpImage: imageSrc(found.featured_image) ? { src: imageSrc(found.featured_image)!, sizes: IMAGE_SIZES.articleCover } : null,
    };
  }

  if (route.page === 'category') {
    const { slug } = route;
    if (!slug) return { input: { ...base, title: '分類不存在', path: pathname, noIndex: true }, status: 404, settings };
    const special: Record<string, string> = { popular: '熱門文章', latest: '最新文章' };
    const path = `/category/${encodeURIComponent(slug)}`;
    const categories = special[slug] ? [] : await content.categories();
    if (!categories) return { input: { ...base, title: UNAVAILABLE_TITLE.data, path, noIndex: true }, status: 503, settings };
    const found = categories.find((c) => c.slug === slug);
    const name = special[slug] ?? found?.name;
    if (!name) {
      const moved = await content.movedSlug('category', slug);
      if (moved) return { input: { ...base, path }, status: 301, redirect: `/category/${encodeURIComponent(moved)}`, settings };
      return { input: { ...base, title: '分類不存在', path, noIndex: true }, status: 404, settings };
    }
    const feed = found ? { title: found.name, path: `${path}/rss.xml` } : undefined;
    return { input: { ...base, title: name, description: found?.description || description, path, breadcrumbs: [{ name: '首頁', path: '/' }, { name, path }], feed }, status: 200, settings };
  }

  if (route.page === 'preview') {
    const found = await content.preview(route.token);
    const privatePage = { settings, private: true } as const;
    if (found === 'missing') return { input: { ...base, title: PREVIEW_MESSAGES.gone, path: pathname, noIndex: true }, status: 404, ...privatePage };
    if (!found) return { input: { ...base, title: UNAVAILABLE_TITLE.article, path: pathname, noIndex: true }, status: 503, ...privatePage };
    if (found.state === 'published') return { input: { ...base, path: pathname }, status: 302, redirect: `/article/${encodeURIComponent(found.slug)}`, ...privatePage };
    const { article } = found;
    return {
      input: { siteTitle, title: article.meta_title || article.title, description: articleDescription(article, description), path: pathname, type: 'article', noIndex: true },
      status: 200,
      ...privatePage,
    };
  }

  if (route.page === 'tag') {
    const { tag } = route;
    if (!tag) return { input: { ...base, title: TAG_TEXT.unknown, path: pathname, noIndex: true }, status: 404, settings };
    const path = tagPagePath(tag);
    // Every spelling of a tag (an old WordPress /tag/ link, a full-width or capitalised one) lands on its one page.
    if (pathname !== path) return { input: { ...base, path }, status: 301, redirect: path, settings };
    const found = await content.tag(tag);
    if (found === 'missing') return { input: { ...base, title: TAG_TEXT.unknown, path, noIndex: true }, status: 404, settings };
    if (!found) return { input: { ...base, title: UNAVAILABLE_TITLE.data, path, noIndex: true }, status: 503, settings };
    const page = pageFromParam(new URLSearchParams(search).get('page'));
    const pages = Math.ceil(found.article_count / TAG_PAGE_SIZE);
    return { input: { ...base, ...tagPageMeta(found, page, page <= pages) }, status: 200, settings };
  }

  if (route.page === 'articles') {
    const page = /(?:^|[?&])page=(\d+)/.exec(search)?.[1];
    const path = page && page !== '1' ? `/articles?page=${page}` : '/articles';
    return { input: { ...base, title: page && page !== '1' ? `所有文章（第 ${page} 頁）` : '所有文章', path, breadcrumbs: [{ name: '首頁', path: '/' }, { name: '所有文章', path: '/articles' }] }, status: 200, settings };
  }
  if (route.page === 'search') return { input: { ...base, title: '搜尋', path: '/search', noIndex: true }, status: 200, settings };
  return { input: { ...base, title: '找不到頁面', path: pathname, noIndex: true }, status: 404, settings };
}

