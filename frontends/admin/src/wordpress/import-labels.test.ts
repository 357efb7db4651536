import { describe, expect, it } from 'vitest';
import { formatFileSize, isMoving, percentDone } from './import-labels';

const progress = (total: number, processed: number) => ({ total, processed, created: 0, updated: 0, unchanged: 0, conflicts: 0, failed: 0, images_fetched: 0, images_failed: 0 });

describe('import labels', () => {
  it('counts whole percent of the posts processed, never past 100', () => {
    expect(percentDone({ status: 'running', progress: progress(3, 1) })).toBe(33);
    expect(percentDone({ status: 'running', progress: progress(3, 4) })).toBe(100);
    expect(percentDone({ status: 'running', progress: progress(0, 0) })).toBe(0);
    expect(percentDone({ status: 'done', progress: progress(0, 0) })).toBe(100);
  });

  it('follows only a job that moves on its own', () => {
    expect(isMoving({ status: 'running' })).toBe(true);
    expect(isMoving({ status: 'paused' })).toBe(false);
    expect(isMoving({ status: 'ready' })).toBe(false);
  });

  it('writes file sizes as an admin reads them', () => {
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(104_857_600)).toBe('100.0 MB');
  });
});
