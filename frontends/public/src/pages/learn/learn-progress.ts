import { articleHref } from '../../components/article-href';
import { cardLine, nextLine, progressLine } from './learn-text';
import { clearProgress, lessonsRead, markLessonRead, summarise } from './progress-store';

/**
 * The reader's progress on the learning pages, without React (docs/adr/0011-islands.md, `script`
 * islands): each writes only text and attributes into room the server already reserved, so nothing
 * moves. `element` is the island's marker; what it writes into is the page around it (its document).
 * The React components run the same functions from an effect in the whole app.
 */

export interface LessonRef {
  id: number;
  slug: string;
  title: string;
}

/** A path page: the summary, the bar, the next lesson, each lesson's 已讀 mark, and 清除進度. */
export function runPathProgress(marker: HTMLElement, props: object): (() => void) | void {
  const element = marker.ownerDocument;
  const { pathId, lessons } = props as { pathId?: unknown; lessons?: unknown };
  if (typeof pathId !== 'number' || !Array.isArray(lessons)) return;
  const list = lessons as LessonRef[];
  const show = () => {
    const read = lessonsRead(pathId);
    const summary = summarise(list, read);
    const box = element.querySelector<HTMLElement>('[data-progress]');
    if (box) box.dataset.progress = summary.read === 0 ? 'none' : summary.next ? 'some' : 'all';
    const line = element.querySelector('[data-progress-summary]');
    if (line) line.textContent = progressLine(summary);
    const bar = element.querySelector<HTMLElement>('[data-progress-bar]');
    if (bar) {
      bar.style.width = `${summary.total ? Math.round((summary.read / summary.total) * 100) : 0}%`;
      bar.parentElement?.setAttribute('aria-valuenow', String(summary.read));
    }
    const next = element.querySelector<HTMLAnchorElement>('[data-progress-next]');
    if (next) {
      next.textContent = nextLine(summary);
      next.href = articleHref(summary.next?.slug ?? list[0]?.slug ?? '');
    }
    for (const item of element.querySelectorAll<HTMLElement>('[data-lesson]')) {
      if (read.has(Number(item.dataset.lesson))) item.dataset.read = '';
      else delete item.dataset.read;
    }
  };
  const clear = element.querySelector<HTMLButtonElement>('[data-progress-clear]');
  const onClear = () => {
    clearProgress(pathId);
    show();
  };
  clear?.addEventListener('click', onClear);
  show();
  return () => clear?.removeEventListener('click', onClear);
}

/** /learn: each path card's line of progress. */
export function runListProgress(marker: HTMLElement, props: object): void {
  const element = marker.ownerDocument;
  const { paths } = props as { paths?: unknown };
  if (!Array.isArray(paths)) return;
  for (const path of paths as Array<{ id: number; lessons: LessonRef[] }>) {
    const line = element.querySelector(`[data-path-progress="${path.id}"]`);
    if (!line) continue;
    const summary = summarise(path.lessons, lessonsRead(path.id));
    line.textContent = cardLine(summary);
    if (summary.read > 0) (line as HTMLElement).dataset.started = '';
  }
}

/** An article page in one or more paths: the lesson counts as read in each. */
export function runLessonRead(_element: HTMLElement, props: object): void {
  const { articleId, pathIds } = props as { articleId?: unknown; pathIds?: unknown };
  if (typeof articleId !== 'number' || !Array.isArray(pathIds)) return;
  for (const pathId of pathIds) if (typeof pathId === 'number') markLessonRead(pathId, articleId);
}
