import type { Api } from '../../api/http';
import type { PublicLearningPath, Settings } from '@coinmag/contracts';
import { readingTimeLabel } from '@coinmag/rules';
import { fetchLearningPaths } from '../../api/learning-paths';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { SmartImage } from '../../components/SmartImage';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { LEARN_TEXT } from './learn-text';
import { ListProgressIsland } from './LearnProgress';
import pageStyles from '../page.module.css';
import styles from './learn.module.css';

export type LearnState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; paths: PublicLearningPath[] };

export const LEARN_PATH = '/learn';
export const learnKey = () => LEARN_PATH;
export const learningPathHref = (slug: string) => `${LEARN_PATH}/${encodeURIComponent(slug)}`;

export async function loadLearn(api: Api): Promise<LearnState> {
  return { status: 'ready', paths: await fetchLearningPaths(api) };
}

const LOADING: LearnState = { status: 'loading' };
const failed = (): LearnState => ({ status: 'failed' });

/** The list's head: an ItemList of the paths. */
export function learnMeta(state: LearnState, settings: Settings): PageMeta | null {
  if (state.status !== 'ready') return null;
  return {
    title: LEARN_TEXT.title,
    description: `${LEARN_TEXT.lead}${settings.site_title ? `｜${settings.site_title}` : ''}`,
    path: LEARN_PATH,
    breadcrumbs: [{ name: '首頁', path: '/' }, { name: LEARN_TEXT.title, path: LEARN_PATH }],
    itemList: { name: LEARN_TEXT.title, items: state.paths.map((path) => ({ name: path.title, path: learningPathHref(path.slug) })) },
    ...(state.paths.length === 0 ? { noIndex: true } : {}),
  };
}

const lessonRefs = (path: PublicLearningPath) => path.lessons.map(({ id, slug, title }) => ({ id, slug, title }));

export function LearnPage() {
  const { settings } = useSite();
  const { state } = usePageState(learnKey(), loadLearn, LOADING, failed);
  usePageMeta(learnMeta(state, settings));
  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'failed')
    return (
      <div className={pageStyles.page}>
        <EmptyState title="載入資料失敗" note="請稍後再試" homeLink />
      </div>
    );
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs items={[{ name: '首頁', path: '/' }, { name: LEARN_TEXT.title, path: LEARN_PATH }]} />
      <h1 className={pageStyles.pageTitle}>{LEARN_TEXT.title}</h1>
      <p className={pageStyles.pageLead}>{LEARN_TEXT.lead}</p>
      {state.paths.length === 0 ? (
        <EmptyState title={LEARN_TEXT.empty} />
      ) : (
        <ul className={styles.pathGrid} data-testid="learning-paths">
          {state.paths.map((path, index) => (
            <li key={path.id} className={styles.card} data-testid="learning-path-card">
              <a href={learningPathHref(path.slug)} tabIndex={-1} aria-hidden="true">
                <SmartImage src={path.cover} alt={path.cover_alt} width={640} height={336} sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw" priority={index === 0} />
              </a>
              <span className={styles.level}>{path.level}</span>
              <h2 className={styles.cardTitle}>
                <a href={learningPathHref(path.slug)}>{path.title}</a>
              </h2>
              {path.description && <p className={styles.description}>{path.description}</p>}
              <p className={styles.facts}>{LEARN_TEXT.facts(path.lessons.length, readingTimeLabel(path.total_minutes))}</p>
              <p className={styles.cardProgress} data-path-progress={path.id}>尚未開始</p>
            </li>
          ))}
        </ul>
      )}
      <ListProgressIsland paths={state.paths.map((path) => ({ id: path.id, lessons: lessonRefs(path) }))} />
    </div>
  );
}
