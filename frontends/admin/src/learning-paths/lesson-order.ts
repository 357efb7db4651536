import { LEARNING_PATH_LIMITS, type AdminLesson, type LearningPath, type LearningPathInput, type LearningPathLevel } from '@coinmag/contracts';

/** A lesson in the form: an article (or the gap a deleted one left, which a save drops). */
export type FormLesson = AdminLesson;

export interface PathFormValues {
  title: string;
  level: LearningPathLevel;
  description: string;
  cover: string | null;
  coverAlt: string;
  lessons: FormLesson[];
}

export const EMPTY_PATH: PathFormValues = { title: '', level: '入門', description: '', cover: null, coverAlt: '', lessons: [] };

export function valuesFromPath(path: LearningPath): PathFormValues {
  return { title: path.title, level: path.level, description: path.description, cover: path.cover, coverAlt: path.cover_alt, lessons: path.lessons };
}

/** The body the API takes: the lessons' article ids in order (a deleted article's gap is left out). */
export function pathInput(values: PathFormValues): LearningPathInput {
  return {
    title: values.title.trim(),
    level: values.level,
    description: values.description.trim(),
    cover: values.cover,
    cover_alt: values.cover ? values.coverAlt.trim() : '',
    article_ids: values.lessons.flatMap((lesson) => (lesson.article_id === null ? [] : [lesson.article_id])),
  };
}

export type PathErrors = Partial<Record<'title' | 'description' | 'coverAlt' | 'lessons', string>>;

/** The same bounds the API checks, said before a save is tried. */
export function validatePath(values: PathFormValues): PathErrors {
  const errors: PathErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = '請輸入路徑名稱';
  else if ([...title].length > LEARNING_PATH_LIMITS.title) errors.title = `路徑名稱最多 ${LEARNING_PATH_LIMITS.title} 個字`;
  if ([...values.description.trim()].length > LEARNING_PATH_LIMITS.description) errors.description = `簡介最多 ${LEARNING_PATH_LIMITS.description} 個字`;
  if ([...values.coverAlt.trim()].length > LEARNING_PATH_LIMITS.coverAlt) errors.coverAlt = `封面替代文字最多 ${LEARNING_PATH_LIMITS.coverAlt} 個字`;
  if (values.lessons.length > LEARNING_PATH_LIMITS.lessons) errors.lessons = `一條路徑最多 ${LEARNING_PATH_LIMITS.lessons} 課`;
  return errors;
}

/** The list with the lesson at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveLesson<T>(lessons: T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(lessons.length - 1, to));
  if (from < 0 || from >= lessons.length || from === target) return lessons;
  const next = [...lessons];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

/** Why an article cannot be added, or null: a path never holds the same article twice, nor more than the bound. */
export function cannotAdd(lessons: FormLesson[], articleId: number): string | null {
  if (lessons.some((lesson) => lesson.article_id === articleId)) return '這篇文章已在路徑中';
  if (lessons.length >= LEARNING_PATH_LIMITS.lessons) return `一條路徑最多 ${LEARNING_PATH_LIMITS.lessons} 課`;
  return null;
}

/** What the lesson row says of a lesson readers do not see. */
export function gapLabel(lesson: FormLesson): string | null {
  if (lesson.article_id === null) return '文章已刪除，讀者看不到這一課（儲存後移除）';
  if (!lesson.is_public) return lesson.status === 'scheduled' ? '排程中，發布後讀者才看得到' : '文章未發布，讀者看不到這一課';
  return null;
}
