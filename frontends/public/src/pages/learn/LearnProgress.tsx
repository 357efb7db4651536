import { useEffect } from 'react';
import { island } from '@coinmag/frontend-shared/islands/island';
import { runLessonRead, runListProgress, runPathProgress, type LessonRef } from './learn-progress';

/**
 * The reader's progress: `script` islands (docs/adr/0011-islands.md). Each is an empty marker; its
 * script (learn-progress.ts) writes into the page's own markup, which the server rendered with the
 * room reserved. In the whole app the component runs the same script from an effect.
 */
function useScript(run: (element: HTMLElement, props: object) => (() => void) | void, props: object) {
  const key = JSON.stringify(props);
  useEffect(() => run(document.body, props) ?? undefined,
    // The props are JSON: their text is their identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key]);
}

function PathProgress(props: { pathId: number; lessons: LessonRef[] }) {
  useScript(runPathProgress, props);
  return <span hidden />;
}

function ListProgress(props: { paths: Array<{ id: number; lessons: LessonRef[] }> }) {
  useScript(runListProgress, props);
  return <span hidden />;
}

function LessonRead(props: { articleId: number; pathIds: number[] }) {
  useScript(runLessonRead, props);
  return <span hidden />;
}

export const PathProgressIsland = island('public:path-progress', PathProgress, 'script');
export const ListProgressIsland = island('public:list-progress', ListProgress, 'script');
export const LessonReadIsland = island('public:lesson-read', LessonRead, 'script');
