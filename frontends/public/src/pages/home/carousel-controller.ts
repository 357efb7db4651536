import { firstPosition, loopJumpTarget, positionOf, realIndex, stepPosition } from './carousel-index';

/** The carousel's timing (docs/product.md §4). */
export const CAROUSEL_TIMING = { autoAdvanceMs: 5000, slideMs: 500, jumpDelayMs: 500 } as const;

/** A horizontal swipe this long (CSS px), and mostly sideways, moves one slide. */
const SWIPE_MIN_PX = 40;

/**
 * The whole behaviour of the hero carousel, on its server-rendered markup and without React: the
 * 5 s auto-advance (paused while the page is hidden), the arrows, the dots, a swipe, and the
 * silent jump from a copy at either end to the real slide 500 ms after landing on it. The home
 * page runs it as a plain script (a `script` island); the app's Carousel component runs it on the
 * markup it renders. Returns a function that stops it (timers and listeners).
 *
 * The markup (Carousel.tsx): `section` holds the track `[data-carousel-track]` with its
 * `data-position`, whose children are the slides (one link each), the arrows `[data-step]` (-1, 1)
 * and the dots `[data-dot]` (their item's index).
 */
export function runCarousel(section: HTMLElement): () => void {
  const track = section.querySelector<HTMLElement>('[data-carousel-track]');
  if (!track) return () => {};
  const slides = Array.from(track.children) as HTMLElement[];
  const dots = Array.from(section.querySelectorAll<HTMLElement>('[data-dot]'));
  // With more than one item the track holds a copy at each end.
  const count = slides.length > 1 ? slides.length - 2 : slides.length;
  if (count <= 1) return () => {};

  // Where the markup stands: the first slide as rendered, or wherever a run stopped before this one.
  const shown = track.dataset.position ? Number(track.dataset.position) : NaN;
  let position = Number.isInteger(shown) && shown >= 0 && shown <= count + 1 ? shown : firstPosition(count);
  let advanceTimer: ReturnType<typeof setTimeout> | undefined;
  let jumpTimer: ReturnType<typeof setTimeout> | undefined;

  const paint = (animate: boolean) => {
    track.style.transition = animate ? `transform ${CAROUSEL_TIMING.slideMs}ms ease` : 'none';
    track.style.transform = `translateX(-${position * 100}%)`;
    track.dataset.position = String(position);
    slides.forEach((slide, index) => {
      const active = index === position;
      slide.setAttribute('aria-hidden', String(!active));
      slide.inert = !active;
      slide.querySelector('a')?.setAttribute('tabindex', active ? '0' : '-1');
    });
    const current = realIndex(position, count);
    dots.forEach((dot, index) => (index === current ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
  };

  const scheduleAdvance = () => {
    clearTimeout(advanceTimer);
    if (!document.hidden) advanceTimer = setTimeout(() => go(stepPosition(position, 1, count)), CAROUSEL_TIMING.autoAdvanceMs);
  };

  /**
   * A visible move to `target` (a press, a swipe, the timer); the next auto-advance is 5 s after
   * it. The silent jump off a copy is not a move: wrapping round takes 5 s like any other step.
   */
  const go = (target: number) => {
    if (target === position) return;
    position = target;
    clearTimeout(jumpTimer);
    paint(true);
    const jump = loopJumpTarget(position, count);
    if (jump !== null)
      jumpTimer = setTimeout(() => {
        position = jump;
        paint(false);
        // Commit the jump before anything animates again, so a press right after it slides from here.
        void track.offsetWidth;
      }, CAROUSEL_TIMING.jumpDelayMs);
    scheduleAdvance();
  };

  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest('[data-step], [data-dot]') : null;
    if (!control || !section.contains(control)) return;
    const step = control.getAttribute('data-step');
    if (step === '1' || step === '-1') go(stepPosition(position, Number(step) as 1 | -1, count));
    else {
      const index = Number(control.getAttribute('data-dot'));
      if (Number.isInteger(index) && index >= 0 && index < count) go(positionOf(index, count));
    }
  };

  let touchStart: { x: number; y: number } | null = null;
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches.length === 1 ? event.touches[0] : undefined;
    touchStart = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (!touchStart || !touch) return;
    const dx = touch.clientX - touchStart.x;
    const dy = touch.clientY - touchStart.y;
    touchStart = null;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) go(stepPosition(position, dx < 0 ? 1 : -1, count));
  };
  const onTouchCancel = () => {
    touchStart = null;
  };

  section.addEventListener('click', onClick);
  track.addEventListener('touchstart', onTouchStart, { passive: true });
  track.addEventListener('touchend', onTouchEnd, { passive: true });
  track.addEventListener('touchcancel', onTouchCancel, { passive: true });
  document.addEventListener('visibilitychange', scheduleAdvance);
  const settle = loopJumpTarget(position, count);
  if (settle !== null) position = settle;
  paint(settle === null);
  scheduleAdvance();

  return () => {
    clearTimeout(advanceTimer);
    clearTimeout(jumpTimer);
    section.removeEventListener('click', onClick);
    track.removeEventListener('touchstart', onTouchStart);
    track.removeEventListener('touchend', onTouchEnd);
    track.removeEventListener('touchcancel', onTouchCancel);
    document.removeEventListener('visibilitychange', scheduleAdvance);
  };
}
