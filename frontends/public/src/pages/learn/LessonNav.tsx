import type { LessonPlace } from '@coinmag/contracts';
import { articleHref } from '../../components/ArticleCard';
import { LEARN_TEXT } from './learn-text';
import { LessonReadIsland } from './LearnProgress';
import { learningPathHref } from './LearnPage';
import styles from './learn.module.css';

/** On an article that is a lesson: where it stands in each path that holds it, the lessons around it, and it counts as read. */
export function LessonNav({ articleId, places }: { articleId: number; places: LessonPlace[] }) {
  if (places.length === 0) return null;
  return (
    <>
      {places.map((place) => (
        <nav key={place.path.id} className={styles.lessonNav} aria-label={`學習路徑：${place.path.title}`} data-testid="lesson-nav">
          <p className={styles.where}>
            <a href={learningPathHref(place.path.slug)}>{place.path.title}</a>
            {LEARN_TEXT.place('', place.position, place.total)}
          </p>
          <div className={styles.steps}>
            {place.previous && (
              <a className={styles.step} href={articleHref(place.previous.slug)} rel="prev">
                <span>{LEARN_TEXT.previous}</span>
                {place.previous.title}
              </a>
            )}
            {place.next && (
              <a className={`${styles.step} ${styles.stepNext}`} href={articleHref(place.next.slug)} rel="next">
                <span>{LEARN_TEXT.next}</span>
                {place.next.title}
              </a>
            )}
          </div>
        </nav>
      ))}
      <LessonReadIsland articleId={articleId} pathIds={places.map((place) => place.path.id)} />
    </>
  );
}
