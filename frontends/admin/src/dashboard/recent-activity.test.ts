import { describe, expect, it } from 'vitest';
import { recentlyEdited } from './recent-activity';

describe('recent activity', () => {
  it('lists the last edits newest first, marking untouched ones as created', () => {
    const rows = [
      { id: 1, title: 'a', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-05T00:00:00Z' },
      { id: 2, title: 'b', created_at: '2024-01-03T00:00:00Z', updated_at: '2024-01-03T00:00:00Z' },
      { id: 3, title: 'c', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-02T00:00:00Z' },
    ];
    const recent = recentlyEdited(rows, 2);
    expect(recent.map((r) => r.id)).toEqual([1, 2]);
    expect(recent.map((r) => r.created)).toEqual([false, true]);
  });
});
