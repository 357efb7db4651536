import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { TAG_PAGE_SIZE, type ArticleSummary, type Settings } from '@coinmag/contracts';
import { TAG_TEXT, tagKey, tagPageMeta, tagPagePath } from '@coinmag/rules';
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
  | { status: 'ready'; key: string; name: string; count: number; articles: ArticleSummary[]; pages: number };

export const tagKeyOf = (key: string, page: number) => `${tagPagePath(key)}${page > 1 ? `?page=${page}` : ''}`;

/** The tag's heading and one page of its articles; a tag no public article carries is unknown. */
export async function loadTag(spelling: string, page: number, api: Api): Promise<TagState> {
  try {
    const [tag, list] = await Promise.all([fetchTag(spelling, api), fetchArticles({ tag: tagKey(spelling), page, limit: TAG_PAGE_SIZE }, api)]);
    return { status: 'ready', key: tag.key, name: tag.name, count: tag.article_count, articles: list.articles, pages: list.pagination.pages };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return { status: 'unknown' };
    throw err;
  }
}

const LOADING: TagState = { status: 'loading' };
const failedTag = (): TagState => ({ status: 'failed' });

/** The tag page's head, on the server and in the browser: null while loading or failed. */
export function tagMeta(key: string, page: number, state: TagState, settings: Settings): PageMeta | null {
  if (state.status === 'ready') return tagPageMeta({ key: state.key, name: state.name, article_count: state.count }, page, state.articles.length > 0);
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
      <p className={styles.pageLead} data-testid="tag-count">{TAG_TEXT.count(state.count)}</p>
      {state.articles.length === 0 ? (
        <EmptyState title="暫無文章" />
      ) : (
        <div className={styles.grid} data-testid="tag-articles">
          {state.articles.map((article, index) => (
            <ArticleCard key={article.id} article={article} excerptLength={100} showViews linkText="閱讀更多" priority={index === 0} headingLevel="h2" />
          ))}
        </div>
      )}
      <PagerIsland page={page} pages={state.pages} path={path} />
    </div>
  );
}
