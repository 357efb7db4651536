import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { TAG_PAGE_SIZE, type ArticleSummary, type PublicFlash, type Settings } from '@coinmag/contracts';
import { FLASH_TEXT } from '@coinmag/rules';
import { fetchFlashPage } from '../../api/flash';
import { FlashItem } from '../flash/FlashItem';
import flashStyles from '../flash/flash.module.css';
import { TAG_TEXT, tagCountText, tagKey, tagPageMeta, tagPagePath } from '@coinmag/rules';
import { fetchArticles, fetchTag } from '../../api/articles';
import { ApiError, type Api } from '../../api/http';
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

export type TagState =
  | { status: 'loading' }
  | { status: 'unknown' }
  | { status: 'failed' }
  | { status: 'ready'; key: string; name: string; count: number; flashCount: number; articles: ArticleSummary[]; pages: number; flash: PublicFlash[] };

export const tagKeyOf = (key: string, page: number) => `${tagPagePath(key)}${page > 1 ? `?page=${page}` : ''}`;

/** The tag's heading, one page of its articles and its newest 快訊; a tag no public article nor item carries is unknown. */
export async function loadTag(spelling: string, page: number, api: Api): Promise<TagState> {
  try {
    // The tag's 快訊 beside its articles (the newest 20, on the first page); the page stands without them.
    const flash = page === 1 ? fetchFlashPage(null, tagKey(spelling), api).then((items) => items.items, () => []) : Promise.resolve([]);
    // A tag only 快訊 items carry has an empty article list; a 404 (nothing public carries it, or it
    // changed between the two reads) leaves the tag's own answer to say whether it exists.
    const articles = fetchArticles({ tag: tagKey(spelling), page, limit: TAG_PAGE_SIZE }, api).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    });
    const [tag, list, items] = await Promise.all([fetchTag(spelling, api), articles, flash]);
    if (!list && tag.article_count > 0) return { status: 'unknown' };
    return {
      status: 'ready', key: tag.key, name: tag.name, count: tag.article_count, flashCount: tag.flash_count,
      articles: list?.articles ?? [], pages: list?.pagination.pages ?? 0, flash: items,
    };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return { status: 'unknown' };
    throw err;
  }
}

const LOADING: TagState = { status: 'loading' };
const failedTag = (): TagState => ({ status: 'failed' });

/** The tag page's head, on the server and in the browser: null while loading or failed. */
export function tagMeta(key: string, page: number, state: TagState, settings: Settings): PageMeta | null {
  if (state.status === 'ready') return tagPageMeta({ key: state.key, name: state.name, article_count: state.count, flash_count: state.flashCount }, page, state.articles.length > 0 || state.flash.length > 0);
  if (state.status === 'unknown') return { title: TAG_TEXT.unknown, description: settings.site_description, path: tagPagePath(key), noIndex: true };
  return null;
}

/** A path segment that can name no tag (a slash, a bad escape): unknown at once, as the server says. */
export function UnknownTagPage() {
  const { settings } = useSite();
  const { pathname } = useLocation();
  usePageMeta({ title: TAG_TEXT.unknown, description: settings.site_description, path: pathname, noIndex: true });
  return (
    <div className={styles.page}>
      <EmptyState title={TAG_TEXT.unknown} note={TAG_TEXT.unknownNote} homeLink />
    </div>
  );
}

export function TagPage() {
  const { tag = '' } = useParams();
  const key = tagKey(tag);
  const [params] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const { settings } = useSite();
  const { state } = usePageState(tagKeyOf(key, page), (api) => loadTag(key, page, api), LOADING, failedTag);

  const path = tagPagePath(key);
  usePageMeta(tagMeta(key, page, state, settings));

  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'unknown')
    return (
      <div className={styles.page}>
        <EmptyState title={TAG_TEXT.unknown} note={TAG_TEXT.unknownNote} homeLink />
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
      <Breadcrumbs items={[{ name: '首頁', path: '/' }, { name: TAG_TEXT.title(state.name), path }]} />
      <h1 className={styles.pageTitle}>{TAG_TEXT.title(state.name)}</h1>
      <p className={styles.pageLead} data-testid="tag-count">{tagCountText({ article_count: state.count, flash_count: state.flashCount })}</p>
      {state.articles.length === 0 ? (
        state.flash.length === 0 && <EmptyState title="暫無文章" />
      ) : (
        <div className={styles.grid} data-testid="tag-articles">
          {state.articles.map((article, index) => (
            <ArticleCard key={article.id} article={article} excerptLength={100} showViews linkText="閱讀更多" priority={index === 0} headingLevel="h2" />
          ))}
        </div>
      )}
      <PagerIsland page={page} pages={state.pages} path={path} />
      {state.flash.length > 0 && (
        <section className={flashStyles.day} aria-labelledby="tag-flash" data-testid="tag-flash">
          <h2 id="tag-flash" className={styles.sectionTitle}>{FLASH_TEXT.title}</h2>
          <ol className={flashStyles.list}>
            {state.flash.map((item) => <FlashItem key={item.id} item={item} />)}
          </ol>
        </section>
      )}
    </div>
  );
}
