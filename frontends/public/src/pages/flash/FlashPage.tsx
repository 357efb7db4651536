import { useSearchParams } from 'react-router-dom';
import type { FlashPage as FlashPageData, Settings } from '@coinmag/contracts';
import { FLASH_TEXT, flashDayLabel, flashHeadline, formatW3cTaipei, groupFlashByDay } from '@coinmag/rules';
import { fetchFlashPage } from '../../api/flash';
import type { Api } from '../../api/http';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { FlashItem, flashHref } from './FlashItem';
import { FLASH_CLASSES, FlashLiveIsland } from './FlashLive';
import pageStyles from '../page.module.css';
import styles from './flash.module.css';

export const FLASH_PAGE_PATH = '/flash';

export type FlashListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; cursor: string | null; page: FlashPageData };

export const flashListKey = (cursor: string | null) => (cursor ? `${FLASH_PAGE_PATH}?cursor=${cursor}` : FLASH_PAGE_PATH);

export async function loadFlashList(cursor: string | null, api: Api): Promise<FlashListState> {
  return { status: 'ready', cursor, page: await fetchFlashPage(cursor, undefined, api) };
}

const LOADING: FlashListState = { status: 'loading' };
const failed = (): FlashListState => ({ status: 'failed' });

/** /flash as a whole is a LiveBlogPosting of its items (docs/product.md §2 快訊); an older page is not indexed. */
export function flashListMeta(state: FlashListState, settings: Settings): PageMeta | null {
  if (state.status !== 'ready') return null;
  const items = state.page.items;
  return {
    title: FLASH_TEXT.title,
    description: `${FLASH_TEXT.lead}${settings.site_title ? `｜${settings.site_title}` : ''}`,
    path: FLASH_PAGE_PATH,
    breadcrumbs: [{ name: '首頁', path: '/' }, { name: FLASH_TEXT.title, path: FLASH_PAGE_PATH }],
    feed: { title: FLASH_TEXT.title, path: `${FLASH_PAGE_PATH}/rss.xml` },
    ...(state.cursor ? { noIndex: true } : {}),
    structuredData: (origin) => [{
      '@context': 'https://schema.org',
      '@type': 'LiveBlogPosting',
      headline: `${FLASH_TEXT.title}｜${settings.site_title}`,
      url: `${origin}${FLASH_PAGE_PATH}`,
      inLanguage: 'zh-Hant-TW',
      ...(items[0] ? { dateModified: formatW3cTaipei(items[0].updated_at), coverageStartTime: formatW3cTaipei(items[items.length - 1]!.published_at) } : {}),
      liveBlogUpdate: items.map((item) => ({
        '@type': 'BlogPosting',
        headline: flashHeadline(item.text),
        url: `${origin}${flashHref(item.id)}`,
        datePublished: formatW3cTaipei(item.published_at),
        articleBody: item.text,
      })),
    }],
  };
}

export function FlashListPage() {
  const { settings } = useSite();
  const [params] = useSearchParams();
  const cursor = params.get('cursor');
  const { state } = usePageState(flashListKey(cursor), (api) => loadFlashList(cursor, api), LOADING, failed);
  usePageMeta(flashListMeta(state, settings));
  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'failed')
    return (
      <div className={pageStyles.page}>
        <EmptyState title="載入資料失敗" note="請稍後再試" homeLink />
      </div>
    );
  const { page } = state;
  const now = Date.now();
  return (
    <div className={pageStyles.page} data-flash-root="list">
      <Breadcrumbs items={[{ name: '首頁', path: '/' }, { name: FLASH_TEXT.title, path: FLASH_PAGE_PATH }]} />
      <h1 className={pageStyles.pageTitle}>{FLASH_TEXT.title}</h1>
      <p className={pageStyles.pageLead}>{FLASH_TEXT.lead}</p>
      {page.pinned.length > 0 && (
        <section className={styles.pinned} aria-label={FLASH_TEXT.pinned}>
          <ol className={styles.list}>
            {page.pinned.map((item) => <FlashItem key={item.id} item={item} />)}
          </ol>
        </section>
      )}
      <div data-flash-days="">
        {page.items.length === 0 && <div data-flash-empty=""><EmptyState title={FLASH_TEXT.empty} /></div>}
        {groupFlashByDay(page.items).map((group) => (
          <section key={group.day} className={styles.day} data-flash-day={group.day}>
            <h2 className={styles.dayTitle}>{flashDayLabel(group.items[0]!.published_at, now)}</h2>
            <ol className={styles.list}>
              {group.items.map((item) => <FlashItem key={item.id} item={item} />)}
            </ol>
          </section>
        ))}
      </div>
      {page.next_cursor && (
        <p className={styles.more}>
          <a className={styles.moreButton} href={`${FLASH_PAGE_PATH}?cursor=${encodeURIComponent(page.next_cursor)}`} data-flash-more="">{FLASH_TEXT.more}</a>
        </p>
      )}
      {!cursor && <FlashLiveIsland mode="list" classes={FLASH_CLASSES} />}
    </div>
  );
}
