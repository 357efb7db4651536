// What the public remote exposes as ./island-scripts: the plain scripts of its `script` islands,
// run on a server-rendered page without React (docs/adr/0011-islands.md).
import type { IslandScripts } from '@coinmag/frontend-shared/islands/island';
import { viewBeacon } from './pages/article/view-beacon';
import { runCarousel } from './pages/home/carousel-controller';
import { runLessonRead, runListProgress, runPathProgress } from './pages/learn/learn-progress';
import { runGlossaryTips } from './pages/article/glossary-tips';
import { runFlashLive } from './pages/flash/flash-live';
import { runSubscribeForm } from '@coinmag/frontend-shared/newsletter/subscribe-form';

export const islandScripts: IslandScripts = {
  'public:article-views': viewBeacon,
  'public:path-progress': runPathProgress,
  'public:list-progress': runListProgress,
  'public:lesson-read': runLessonRead,
  'public:glossary-tips': () => runGlossaryTips(),
  'public:flash-live': runFlashLive,
  'public:newsletter-subscribe': runSubscribeForm,
  'public:carousel': (element) => {
    const section = element.querySelector<HTMLElement>('[data-carousel]');
    return section ? runCarousel(section) : undefined;
  },
};
