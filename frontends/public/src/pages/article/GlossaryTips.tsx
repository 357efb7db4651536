import { useEffect } from 'react';
import { island } from '@coinmag/frontend-shared/islands/island';
import { runGlossaryTips } from './glossary-tips';

/** Renders nothing: in the whole app it runs the same controller the `script` island runs on a server-rendered page. */
function GlossaryTips() {
  useEffect(() => runGlossaryTips(), []);
  return null;
}

/** The glossary's tooltips in an article body: a `script` island (glossary-tips.ts), no React on a server-rendered page. */
export const GlossaryTipsIsland = island('public:glossary-tips', GlossaryTips, 'script');
