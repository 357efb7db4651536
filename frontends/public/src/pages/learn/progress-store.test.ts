import { describe, expect, it } from 'vitest';
import { PROGRESS_KEY, clearProgress, lessonsRead, markLessonRead, summarise } from './progress-store';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const lessons = [
  { id: 11, slug: 'a', title: '第一課' },
  { id: 12, slug: 'b', title: '第二課' },
  { id: 13, slug: 'c', title: '第三課' },
];

describe('learning progress in the browser', () => {
  it('records lessons read per path, once each, and clears one path only', () => {
    const store = memoryStorage();
    markLessonRead(1, 11, store);
    markLessonRead(1, 11, store);
    markLessonRead(1, 13, store);
    markLessonRead(2, 11, store);
    expect([...lessonsRead(1, store)]).toEqual([11, 13]);
    clearProgress(1, store);
    expect(lessonsRead(1, store).size).toBe(0);
    expect([...lessonsRead(2, store)]).toEqual([11]);
  });

  it('says how many are read and which comes next, in the path\'s order', () => {
    expect(summarise(lessons, new Set())).toEqual({ read: 0, total: 3, next: { index: 0, slug: 'a', title: '第一課' } });
    expect(summarise(lessons, new Set([11, 13, 99]))).toEqual({ read: 2, total: 3, next: { index: 1, slug: 'b', title: '第二課' } });
    expect(summarise(lessons, new Set([11, 12, 13])).next).toBeNull();
  });

  it('survives a broken or foreign entry and a refusing store', () => {
    const store = memoryStorage();
    store.setItem(PROGRESS_KEY, '{not json');
    expect(lessonsRead(1, store).size).toBe(0);
    store.setItem(PROGRESS_KEY, JSON.stringify({ 1: ['x', 12, 1.5] }));
    expect([...lessonsRead(1, store)]).toEqual([12]);
    const refusing = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } } as Storage;
    expect(() => markLessonRead(1, 11, refusing)).not.toThrow();
    expect(() => lessonsRead(1, null)).not.toThrow();
  });
});
