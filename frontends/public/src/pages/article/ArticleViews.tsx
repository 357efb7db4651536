import { useEffect, useRef, useState } from 'react';
import { sendView } from '../../api/articles';
import { ViewCount } from '../../components/ArticleFacts';
import { island } from '@coinmag/frontend-shared/islands/island';

/**
 * The article's view count, and its view beacon: one per page view. The count shown is the live
 * one the beacon answers (the article body's own figure may lag by half a minute), never lower.
 */
export function ArticleViews({ slug, count }: { slug: string; count: number }) {
  const counted = useRef<string | null>(null);
  const [live, setLive] = useState<{ slug: string; count: number } | null>(null);

  useEffect(() => {
    if (counted.current === slug) return;
    counted.current = slug;
    void sendView(slug).then((views) => views !== null && setLive({ slug, count: views }));
  }, [slug]);

  return <ViewCount count={live?.slug === slug ? Math.max(live.count, count) : count} />;
}

/**
 * The beacon and the live count: an island of the `script` kind. On a server-rendered page
 * view-beacon.ts does this without React; the component runs in the whole app.
 */
export const ArticleViewsIsland = island('public:article-views', ArticleViews, 'script');
