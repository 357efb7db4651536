import { useParams } from 'react-router-dom';
import type { PublicLearningPath, Settings } from '@coinmag/contracts';
import { IMAGE_SIZES, readingTimeLabel } from '@coinmag/rules';
import { fetchLearningPath } from '../../api/learning-paths';
import { ApiError, type Api } from '../../api/http';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { SmartImage } from '../../components/SmartImage';
import { articleHref } from '../../components/ArticleCard';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { LEARN_TEXT, nextLine, progressLine } from './learn-text';
import { PathProgressIsland } from './LearnProgress';
import { LEARN_PATH, learningPathHref } from './LearnPage';
import { summarise } from './progress-store';
import pageStyles from '../page.module.css';
import styles from './learn.module.css';

export type LearningPathState = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ready'; path: PublicLearningPath };

export const learningPathKey = (slug: string) => learningPathHref(slug);

export async function loadLearningPath(slug: string, api: Api): Promise<LearningPathState> {
  try {
    return { status: 'ready', path: await fetchLearningPath(slug, api) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { status: 'missing' };
    throw err;
  }
}

const LOADING: LearningPathState = { status: 'loading' };
const failed = (): LearningPathState => ({ status: 'failed' });

/** A path's head: a Course whose lessons are an ordered ItemList. */
export function learningPathMeta(slug: string, state: LearningPathState, settings: Settings): PageMeta | null {
  const path = learningPathHref(slug);
  if (state.status === 'missing') return { title: LEARN_TEXT.missing, description: settings.site_description, path, noIndex: true };
  if (state.status !== 'ready') return null;
  const { title, description, cover, lessons } = state.path;
  return {
    title,
    description: description || `${title}：${LEARN_TEXT.facts(lessons.length, readingTimeLabel(state.path.total_minutes))}`,
    path: learningPathHref(state.path.slug),
    image: cover,
    breadcrumbs: [{ name: '首頁', path: '/' }, { name: LEARN_TEXT.title, path: LEARN_PATH }, { name: title, path: learningPathHref(state.path.slug) }],
    itemList: { name: title, course: true, items: lessons.map((lesson) => ({ name: lesson.title, path: articleHref(lesson.slug) })) },
  };
}

export function LearningPathPage() {
  const { slug = '' } = useParams();
  const { settings } = useSite();
  const { state } = usePageState(learningPathKey(slug), (api) => loadLearningPath(slug, api), LOADING, failed);
  usePageMeta(learningPathMeta(slug, state, settings));
  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'missing')
    return (
      <div className={pageStyles.page}>
        <EmptyState title={LEARN_TEXT.missing} note={LEARN_TEXT.missingNote} homeLink />
      </div>
    );
  if (state.status === 'failed')
    return (
      <div className={pageStyles.page}>
        <EmptyState title="載入資料失敗" note="請稍後再試" homeLink />
      </div>
    );
  const { path } = state;
  const refs = path.lessons.map(({ id, slug: lessonSlug, title }) => ({ id, slug: lessonSlug, title }));
  // What the page says before the browser's progress is read: nothing read yet (same lines, same height).
  const fresh = summarise(refs, new Set());
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs items={[{ name: '首頁', path: '/' }, { name: LEARN_TEXT.title, path: LEARN_PATH }, { name: path.title, path: learningPathHref(path.slug) }]} />
      <header className={styles.pathHeader}>
        {path.cover && <SmartImage src={path.cover} alt={path.cover_alt} width={1200} height={630} sizes={IMAGE_SIZES.pathCover} priority className={styles.cover} />}
        <span className={styles.level}>{path.level}</span>
        <h1 className={pageStyles.pageTitle}>{path.title}</h1>
        {path.description && <p className={styles.description}>{path.description}</p>}
        <p className={styles.facts} data-testid="path-facts">{LEARN_TEXT.facts(path.lessons.length, readingTimeLabel(path.total_minutes))}</p>
      </header>
      <section className={styles.progress} data-progress="none" aria-labelledby="path-progress" data-testid="path-progress">
        <div className={styles.progressHead}>
          <h2 id="path-progress" className={styles.progressTitle}>{LEARN_TEXT.progressHeading}</h2>
          <button type="button" className={styles.clear} data-progress-clear>{LEARN_TEXT.clear}</button>
        </div>
        <p className={styles.summary} data-progress-summary aria-live="polite">{progressLine(fresh)}</p>
        <div className={styles.bar} role="progressbar" aria-label="已讀課數" aria-valuemin={0} aria-valuemax={refs.length} aria-valuenow={0}>
          <span className={styles.barFill} data-progress-bar />
        </div>
        <a className={styles.next} href={articleHref(path.lessons[0]!.slug)} data-progress-next>{nextLine(fresh)}</a>
      </section>
      <ol className={styles.lessons} data-testid="path-lessons">
        {path.lessons.map((lesson, index) => (
          <li key={lesson.id} className={styles.lesson} data-lesson={lesson.id}>
            <span className={styles.lessonNo}>{LEARN_TEXT.lessonNo(index + 1)}</span>
            <h2 className={styles.lessonTitle}>
              <a href={articleHref(lesson.slug)}>{lesson.title}</a>
            </h2>
            <p className={styles.lessonMeta}>
              <span>{readingTimeLabel(lesson.minutes)}</span>
              <span className={styles.readMark}>{LEARN_TEXT.read}</span>
            </p>
            {lesson.excerpt && <p className={styles.excerpt}>{lesson.excerpt}</p>}
          </li>
        ))}
      </ol>
      <PathProgressIsland pathId={path.id} lessons={refs} />
    </div>
  );
}
