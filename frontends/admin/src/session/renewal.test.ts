import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRenewal } from './renewal';

/** The browser pieces renewal uses: events on window and its interval timer. */
const target = new EventTarget();
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  vi.stubGlobal('window', Object.assign(target, { setInterval, clearInterval }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const at = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;

describe('silent session renewal', () => {
  it('renews once half the token life is gone, only when the admin was active, never past the session', async () => {
    let issued = 0;
    const renew = vi.fn(async () => {
      issued = Date.now();
      return { expiresAt: at(Math.min(issued + 20 * MIN, 45 * MIN)), sessionExpiresAt: at(45 * MIN) };
    });
    const renewal = startRenewal({ expiresAt: at(20 * MIN), sessionExpiresAt: at(45 * MIN) }, { renew });

    // Idle: nothing is renewed, the token simply runs out.
    await vi.advanceTimersByTimeAsync(11 * MIN);
    expect(renew).not.toHaveBeenCalled();

    // A key press after half the life: renewed at the next check.
    target.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(31_000);
    expect(renew).toHaveBeenCalledTimes(1);

    // Activity right after a renewal waits for the next half-life.
    target.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6 * MIN);
    expect(renew).toHaveBeenCalledTimes(2);

    // A token that already ends with the session is not renewed again.
    renewal.touch();
    await vi.advanceTimersByTimeAsync(20 * MIN);
    target.dispatchEvent(new Event('input'));
    await vi.advanceTimersByTimeAsync(2 * MIN);
    expect(renew.mock.calls.length).toBeLessThanOrEqual(3);
    renewal.stop();
  });

  it('keeps going quietly when a renewal is refused (the next call meets the 401 flow)', async () => {
    const renew = vi.fn(async () => {
      throw new Error('401');
    });
    const renewal = startRenewal({ expiresAt: at(20 * MIN), sessionExpiresAt: at(12 * 60 * MIN) }, { renew });
    renewal.touch();
    await vi.advanceTimersByTimeAsync(11 * MIN);
    renewal.touch();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(renew).toHaveBeenCalled();
    renewal.stop();
  });
});
