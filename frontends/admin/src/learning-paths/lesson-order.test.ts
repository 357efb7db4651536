import { describe, expect, it } from 'vitest';
import { cannotAdd, gapLabel, moveLesson, pathInput, validatePath, EMPTY_PATH, type FormLesson } from './lesson-order';

const lesson = (article_id: number | null, is_public = true, status: string | null = 'published'): FormLesson => ({ article_id, title: `課 ${article_id}`, slug: article_id ? `a-${article_id}` : null, status, is_public });

describe('learning path form', () => {
  it('moves a lesson up and down, clamped at the ends', () => {
    expect(moveLesson([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moveLesson([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    const same = [1, 2, 3];
    expect(moveLesson(same, 0, -1)).toBe(same);
    expect(moveLesson([1, 2, 3], 1, 9)).toEqual([1, 3, 2]);
  });

  it('never adds an article twice, nor past the bound', () => {
    expect(cannotAdd([lesson(1)], 1)).toBe('這篇文章已在路徑中');
    expect(cannotAdd([lesson(1)], 2)).toBeNull();
    expect(cannotAdd(Array.from({ length: 50 }, (_, i) => lesson(i + 10)), 2)).toBe('一條路徑最多 50 課');
  });

  it('sends the lessons in order without the gaps deleted articles left', () => {
    const input = pathInput({ ...EMPTY_PATH, title: ' 錢包 ', lessons: [lesson(3), lesson(null, false, null), lesson(1, false, 'draft')] });
    expect(input).toMatchObject({ title: '錢包', article_ids: [3, 1], cover: null, cover_alt: '' });
  });

  it('says which lessons readers do not see, and why', () => {
    expect(gapLabel(lesson(1))).toBeNull();
    expect(gapLabel(lesson(1, false, 'draft'))).toBe('文章未發布，讀者看不到這一課');
    expect(gapLabel(lesson(null, false, null))).toContain('文章已刪除');
  });

  it('checks the bounds before a save', () => {
    expect(validatePath(EMPTY_PATH).title).toBe('請輸入路徑名稱');
    expect(validatePath({ ...EMPTY_PATH, title: '長'.repeat(61) }).title).toBe('路徑名稱最多 60 個字');
    expect(validatePath({ ...EMPTY_PATH, title: '好', description: '字'.repeat(301) }).description).toBe('簡介最多 300 個字');
  });
});
