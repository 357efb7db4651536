import type { ProgressSummary } from './progress-store';

/** docs/product.md §3 Learning paths: the wording of the learning pages and of a lesson's place. */
export const LEARN_TEXT = {
  title: '學習路徑',
  lead: '跟著路徑一課一課讀。讀過哪幾課只記在這個瀏覽器，不必登入。',
  empty: '目前還沒有學習路徑',
  missing: '學習路徑不存在',
  missingNote: '這條學習路徑可能已被刪除，或目前沒有公開的課程',
  lessonNo: (n: number) => `第 ${n} 課`,
  facts: (lessons: number, time: string) => `共 ${lessons} 課．${time}`,
  place: (path: string, position: number, total: number) => `${path}．第 ${position} 課／共 ${total} 課`,
  previous: '上一課',
  next: '下一課',
  read: '已讀',
  progressHeading: '我的進度',
  clear: '清除進度',
} as const;

/** One line, whatever the progress, so the box it sits in never changes height. */
export function progressLine(summary: ProgressSummary): string {
  if (summary.read === 0) return `尚未開始．共 ${summary.total} 課`;
  if (!summary.next) return `已讀完全部 ${summary.total} 課`;
  return `已讀 ${summary.read}／${summary.total} 課`;
}

/** Where the path's call to action leads: the next lesson to read. */
export function nextLine(summary: ProgressSummary): string {
  if (!summary.next) return '從第 1 課再複習一次';
  return `${summary.read === 0 ? '開始' : '繼續'}${LEARN_TEXT.lessonNo(summary.next.index + 1)}：${summary.next.title}`;
}

/** A path card's progress on /learn. */
export function cardLine(summary: ProgressSummary): string {
  if (summary.read === 0) return '尚未開始';
  if (!summary.next) return `已讀完全部 ${summary.total} 課`;
  return `已讀 ${summary.read}／${summary.total} 課．下一課：${summary.next.title}`;
}
