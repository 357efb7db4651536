import { describe, expect, it } from 'vitest';
import { flashEvent } from './flash-events.js';

const now = new Date('2026-11-27T02:00:00Z');
const item = (published: string) => ({ id: 1, text: '快訊', published_at: new Date(published) });

describe('flashEvent', () => {
  it('names what readers see change', () => {
    expect(flashEvent(undefined, item('2026-11-27T01:59:00Z'), now)).toBe('flash.published');
    expect(flashEvent(item('2026-11-27T01:00:00Z'), item('2026-11-27T01:00:00Z'), now)).toBe('flash.updated');
    expect(flashEvent(item('2026-11-27T01:00:00Z'), undefined, now)).toBe('flash.deleted');
    expect(flashEvent(item('2026-11-27T01:00:00Z'), item('2026-11-27T03:00:00Z'), now)).toBe('flash.deleted');
  });

  it('tells no one of an item still to come', () => {
    expect(flashEvent(undefined, item('2026-11-27T03:00:00Z'), now)).toBeUndefined();
    expect(flashEvent(item('2026-11-27T03:00:00Z'), undefined, now)).toBeUndefined();
  });
});
