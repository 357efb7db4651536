/**
 * A reader's progress through learning paths (docs/product.md §3), kept in this browser only:
 * no sign-in, nothing sent anywhere. One localStorage entry: path id → ids of the lessons read.
 */
export const PROGRESS_KEY = 'coinmag:learn-progress';
const MAX_PATHS = 200;
const MAX_LESSONS = 100;

type Progress = Record<string, number[]>;

/** The store, or null where the browser refuses it (private modes, storage off). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readAll(store: Storage | null): Progress {
  try {
    const parsed = JSON.parse(store?.getItem(PROGRESS_KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const progress: Progress = {};
    for (const [pathId, ids] of Object.entries(parsed as Record<string, unknown>)) {
      if (Array.isArray(ids)) progress[pathId] = ids.filter((id): id is number => Number.isInteger(id)).slice(-MAX_LESSONS);
    }
    return progress;
  } catch {
    return {};
  }
}

function writeAll(store: Storage | null, progress: Progress): void {
  try {
    // The oldest paths go first if a reader somehow follows more than the bound.
    const entries = Object.entries(progress).slice(-MAX_PATHS);
    store?.setItem(PROGRESS_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Full or refused: progress is a convenience, the page works without it.
  }
}

/** The lesson (article) ids read in a path. */
export function lessonsRead(pathId: number, store: Storage | null = storage()): Set<number> {
  return new Set(readAll(store)[String(pathId)] ?? []);
}

export function markLessonRead(pathId: number, articleId: number, store: Storage | null = storage()): void {
  const progress = readAll(store);
  const read = progress[String(pathId)] ?? [];
  if (read.includes(articleId)) return;
  delete progress[String(pathId)];
  progress[String(pathId)] = [...read, articleId];
  writeAll(store, progress);
}

export function clearProgress(pathId: number, store: Storage | null = storage()): void {
  const progress = readAll(store);
  delete progress[String(pathId)];
  writeAll(store, progress);
}

export interface ProgressSummary {
  read: number;
  total: number;
  /** The first lesson in order not read yet; null when all are read. */
  next: { index: number; slug: string; title: string } | null;
}

/** What the path shows of a reader's progress: lessons no longer in the path do not count. */
export function summarise(lessons: Array<{ id: number; slug: string; title: string }>, read: Set<number>): ProgressSummary {
  const index = lessons.findIndex((lesson) => !read.has(lesson.id));
  return {
    read: lessons.filter((lesson) => read.has(lesson.id)).length,
    total: lessons.length,
    next: index < 0 ? null : { index, slug: lessons[index]!.slug, title: lessons[index]!.title },
  };
}
