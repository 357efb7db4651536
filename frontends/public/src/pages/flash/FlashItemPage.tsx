import { useParams } from 'react-router-dom';
import type { PublicFlash, Settings } from '@coinmag/contracts';
import { FLASH_CARD_CATEGORY, FLASH_TEXT, flashCardPath, flashHeadline, formatLongDateTime, truncate } from '@coinmag/rules';
import { fetchFlashItem } from '../../api/flash';
import { ApiError, type Api } from '../../api/http';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { FlashItem, flashHref } from './FlashItem';
import { FLASH_PAGE_PATH } from './FlashPage';
import pageStyles from '../page.module.css';
import styles from './flash.module.css';

export type FlashItemState = { status: 'loading' } | { status: 'failed' } | { status: 'missing' } | { status: 'ready'; item: PublicFlash };

export const flashItemKey = (id: number) => flashHref(id);

export async function loadFlashItem(id: number, api: Api): Promise<FlashItemState> {
  try {
    return { status: 'ready', item: await fetchFlashItem(id, api) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { status: 'missing' };
    throw err;
  }
}

const LOADING: FlashItemState = { status: 'loading' };
const failed = (): FlashItemState => ({ status: 'failed' });

/**
 * An item's own page: canonical, NewsArticle JSON-LD (type article), keywords from its tags, and
 * a social card drawn from its first line as an article without a cover gets (the media service).
 */
export function flashItemMeta(id: number, state: FlashItemState, settings: Settings): PageMeta | null {
  if (state.status === 'missing') return { title: FLASH_TEXT.notFound, description: settings.site_description, path: flashHref(id), noIndex: true };
  if (state.status !== 'ready') return null;
  const { item } = state;
  return {
    title: flashHeadline(item.text),
    description: truncate(item.text.replace(/\s+/g, ' '), 160, '…'),
    path: flashHref(item.id),
    image: flashCardPath(item.id, { title: flashHeadline(item.text), category: FLASH_CARD_CATEGORY, siteTitle: settings.site_title }),
    type: 'article',
    publishedTime: item.published_at,
    modifiedTime: item.updated_at,
    articleSection: FLASH_TEXT.title,
    keywords: item.tags.map((tag) => tag.name),
    breadcrumbs: [{ name: '首頁', path: '/' }, { name: FLASH_TEXT.title, path: FLASH_PAGE_PATH }, { name: flashHeadline(item.text, 30), path: flashHref(item.id) }],
  };
}

export const flashIdParam = (raw: string | undefined): number | null => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

export function FlashItemPage() {
  const { settings } = useSite();
  const id = flashIdParam(useParams().id) ?? 0;
  const { state } = usePageState(flashItemKey(id), (api) => (id ? loadFlashItem(id, api) : Promise.resolve<FlashItemState>({ status: 'missing' })), LOADING, failed);
  usePageMeta(flashItemMeta(id, state, settings));
  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'failed' || state.status === 'missing')
    return (
      <div className={pageStyles.page}>
        {state.status === 'missing' ? <EmptyState title={FLASH_TEXT.notFound} note={FLASH_TEXT.notFoundNote} homeLink /> : <EmptyState title="載入資料失敗" note="請稍後再試" homeLink />}
      </div>
    );
  const { item } = state;
  return (
    <div className={`${pageStyles.page} ${styles.single}`}>
      <Breadcrumbs items={[{ name: '首頁', path: '/' }, { name: FLASH_TEXT.title, path: FLASH_PAGE_PATH }, { name: flashHeadline(item.text, 30), path: flashHref(item.id) }]} />
      <h1 className={pageStyles.pageTitle}>{FLASH_TEXT.title}．{formatLongDateTime(item.published_at)}</h1>
      <ol className={styles.list}>
        <FlashItem item={item} />
      </ol>
      <p className={styles.more}>
        <a className={styles.moreButton} href={FLASH_PAGE_PATH}>{FLASH_TEXT.viewAll}</a>
      </p>
    </div>
  );
}
