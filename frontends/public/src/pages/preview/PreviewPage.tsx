import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { PREVIEW_MESSAGES, PREVIEW_PATH_PREFIX, type ArticleDetail, type PreviewAnswer, type Settings } from '@coinmag/contracts';
import { getJson, ApiError, type Api } from '../../api/http';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { ViewCount } from '../../components/ArticleFacts';
import { ArticleView } from '../article/ArticleView';
import { metaFor } from '../article/ArticlePage';
import { ensureHeadingIds } from '../article/heading-ids';
import pageStyles from '../page.module.css';
import styles from './preview.module.css';

export type PreviewState =
  | { status: 'loading' }
  | { status: 'gone' }
  | { status: 'failed' }
  | { status: 'published'; slug: string }
  | { status: 'ready'; article: ArticleDetail; expiresAt: string };

export const previewKey = (token: string) => `${PREVIEW_PATH_PREFIX}${token}`;

/** The article a preview link opens; 'gone' when the link is unknown, revoked or expired. */
export async function loadPreview(token: string, api: Api): Promise<PreviewState> {
  try {
    const answer = await getJson<PreviewAnswer>(`/api/preview/${encodeURIComponent(token)}`, '載入文章失敗', api);
    return answer.state === 'published' ? { status: 'published', slug: answer.slug } : { status: 'ready', article: answer.article, expiresAt: answer.expires_at };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { status: 'gone' };
    throw err;
  }
}

const LOADING: PreviewState = { status: 'loading' };
const failedPreview = (): PreviewState => ({ status: 'failed' });

/** /preview/{token}: the article page exactly as publishing will show it, under a banner; never indexed, no view counted. */
/** A preview's head, on the server and in the browser: the article's as it will be published, never indexed. */
export function previewMeta(token: string, state: PreviewState, settings: Settings): PageMeta | null {
  const fallbackDescription = settings.site_description || settings.site_title;
  const path = previewKey(token);
  if (state.status === 'ready') return { ...metaFor(state.article, fallbackDescription, settings.site_title), path, noIndex: true };
  if (state.status === 'gone') return { title: PREVIEW_MESSAGES.gone, description: fallbackDescription, path, noIndex: true };
  return null;
}

export function PreviewPage() {
  const { token = '' } = useParams();
  const { settings } = useSite();
  const { state } = usePageState(previewKey(token), (api) => loadPreview(token, api), LOADING, failedPreview);
  const article = state.status === 'ready' ? state.article : null;
  const fallbackDescription = settings.site_description || settings.site_title;
  usePageMeta(previewMeta(token, state, settings));
  const html = useMemo(() => (article ? ensureHeadingIds(article.content, article.toc) : ''), [article]);

  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'gone' || state.status === 'published')
    return (
      <div className={pageStyles.page}>
        <EmptyState title={PREVIEW_MESSAGES.gone} note={PREVIEW_MESSAGES.goneNote} homeLink />
      </div>
    );
  if (!article)
    return (
      <div className={pageStyles.page}>
        <EmptyState title="載入文章失敗" note="請稍後再試" homeLink />
      </div>
    );
  const banner = (
    <p className={styles.banner} role="note" data-testid="preview-banner">
      {PREVIEW_MESSAGES.banner}
    </p>
  );
  const breadcrumbs = metaFor(article, fallbackDescription, settings.site_title).breadcrumbs ?? [];
  return <ArticleView article={article} html={html} views={<ViewCount count={article.view_count} />} breadcrumbs={breadcrumbs} banner={banner} />;
}
