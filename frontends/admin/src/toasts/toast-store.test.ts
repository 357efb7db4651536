import { describe, expect, it } from 'vitest';
import { MAX_TOASTS, pushToast, type Toast } from './toast-store';

describe('toast list', () => {
  it('keeps at most 20, dropping the oldest', () => {
    let toasts: Toast[] = [];
    for (let id = 1; id <= 25; id += 1) toasts = pushToast(toasts, { id, kind: 'info', message: String(id) });
    expect(toasts).toHaveLength(MAX_TOASTS);
    expect(toasts[0]!.id).toBe(6);
    expect(toasts.at(-1)!.id).toBe(25);
  });
});
