import { useState, type KeyboardEvent, type PointerEvent } from 'react';

/**
 * Which point of a series the reader is looking at: the nearest to the pointer (hover, or a tap
 * that stays), or moved with ← → Home End when the chart has the keyboard focus.
 */
export function usePointPicker(count: number, plotLeft: number, plotWidth: number, viewWidth: number) {
  const [picked, setPicked] = useState<number | null>(null);
  const clamp = (index: number) => Math.max(0, Math.min(count - 1, index));
  const fromPointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || count === 0) return;
    const x = ((event.clientX - box.left) / box.width) * viewWidth;
    const step = count > 1 ? plotWidth / (count - 1) : plotWidth;
    setPicked(clamp(Math.round((x - plotLeft) / step)));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, (at: number) => number> = {
      ArrowRight: (at) => at + 1,
      ArrowLeft: (at) => at - 1,
      Home: () => 0,
      End: () => count - 1,
    };
    const move = moves[event.key];
    if (!move || count === 0) return;
    event.preventDefault();
    setPicked((at) => clamp(at === null ? (event.key === 'ArrowLeft' || event.key === 'End' ? count - 1 : 0) : move(at)));
  };
  return { picked, setPicked, handlers: { onPointerMove: fromPointer, onPointerDown: fromPointer, onKeyDown } };
}
