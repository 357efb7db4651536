import { describe, expect, it } from 'vitest';
import { ImageBudget } from './image-budget.js';

describe('image budget of an import job', () => {
  it('skips a host\'s images after its failures in a row, other hosts going on; a success resets the count', () => {
    const budget = new ImageBudget({ deadline: Number.POSITIVE_INFINITY, hostFailures: 3 });
    budget.record('https://dead.example/a.jpg', false);
    budget.record('https://dead.example/b.jpg', false);
    budget.record('https://dead.example/c.jpg', true);
    budget.record('https://dead.example/d.jpg', false);
    budget.record('https://dead.example/e.jpg', false);
    expect(budget.refusal('https://dead.example/f.jpg')).toBeUndefined();
    budget.record('https://dead.example/f.jpg', false);
    expect(budget.refusal('https://dead.example/g.jpg')).toBe('原站 dead.example 連續 3 張圖片無法取得，其餘圖片已略過');
    expect(budget.refusal('https://alive.example/a.jpg')).toBeUndefined();
  });

  it('fetches nothing after the job\'s deadline', () => {
    let now = 1000;
    const budget = new ImageBudget({ deadline: 2000, hostFailures: 10 }, () => now);
    expect(budget.refusal('https://a.example/x.jpg')).toBeUndefined();
    now = 2000;
    expect(budget.refusal('https://a.example/x.jpg')).toBe('匯入圖片的時限已到，未取得');
  });
});
