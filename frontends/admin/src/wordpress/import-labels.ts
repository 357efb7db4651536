import type { WordPressImport, WordPressImportItem, WordPressImportStatus } from '@coinmag/contracts';

export const STATUS_LABELS: Record<WordPressImportStatus, string> = {
  analysing: '分析中',
  ready: '等待確認',
  running: '匯入中',
  paused: '已暫停',
  done: '匯入完成',
  failed: '匯入失敗',
};

export const OUTCOME_LABELS: Record<WordPressImportItem['outcome'], string> = {
  created: '新增',
  updated: '更新',
  unchanged: '未變更',
  conflict: '衝突',
  failed: '失敗',
};

/** Whether the job is still moving on its own (the page follows it). */
export function isMoving(job: Pick<WordPressImport, 'status'>): boolean {
  return job.status === 'running' || job.status === 'analysing';
}

/** Whole percent of the posts processed; an empty export that is done is 100. */
export function percentDone(job: Pick<WordPressImport, 'status' | 'progress'>): number {
  const { total, processed } = job.progress;
  if (total <= 0) return job.status === 'done' ? 100 : 0;
  return Math.min(100, Math.floor((processed / total) * 100));
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
