/**
 * The glossary's definitions in an article body (docs/product.md §3 Glossary), without React. The
 * server links each term as `<span class="gl"><a class="gl-term" aria-describedby=…>` followed by
 * its `<span class="gl-tip" role="tooltip">`; CSS shows the tip on hover and on keyboard focus.
 * This adds what CSS cannot: a tap on a touch screen opens the tip in place instead of following
 * the link (a second tap on the same term follows it), a tap elsewhere closes it, and Esc closes
 * an open tip or hides the one hover or focus shows until the pointer or focus moves on.
 */
const OPEN = 'gl-open';
const DISMISSED = 'gl-dismissed';

export function runGlossaryTips(root: Document = document): () => void {
  let touch = false;
  const openTerms = () => Array.from(root.querySelectorAll<HTMLElement>(`.gl.${OPEN}`));
  const close = (except?: Element) => {
    for (const term of openTerms()) {
      if (term === except) continue;
      term.classList.remove(OPEN);
      term.querySelector('.gl-term')?.setAttribute('aria-expanded', 'false');
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    touch = event.pointerType === 'touch' || event.pointerType === 'pen';
  };
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a.gl-term');
    const wrapper = link?.parentElement;
    if (!link || !wrapper?.classList.contains('gl')) {
      close();
      return;
    }
    if (!touch || wrapper.classList.contains(OPEN)) return;
    event.preventDefault();
    close(wrapper);
    wrapper.classList.remove(DISMISSED);
    wrapper.classList.add(OPEN);
    link.setAttribute('aria-expanded', 'true');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    for (const wrapper of root.querySelectorAll('.gl:hover, .gl:focus-within')) wrapper.classList.add(DISMISSED);
  };
  const onLeave = (event: Event) => {
    const wrapper = (event.target as Element | null)?.closest?.('.gl');
    wrapper?.classList.remove(DISMISSED);
  };
  // Capture: before the shell's own handler of link clicks, which leaves a prevented click alone.
  root.addEventListener('pointerdown', onPointerDown, true);
  root.addEventListener('click', onClick, true);
  root.addEventListener('keydown', onKeyDown);
  root.addEventListener('focusout', onLeave);
  root.addEventListener('mouseout', onLeave);
  return () => {
    root.removeEventListener('pointerdown', onPointerDown, true);
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('focusout', onLeave);
    root.removeEventListener('mouseout', onLeave);
  };
}
