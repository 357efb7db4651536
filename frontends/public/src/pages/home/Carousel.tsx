import { useEffect, useMemo, useState } from 'react';
import type { SlideArticle } from './home-articles';
import { IMAGE_SIZES } from '@coinmag/rules';
import { SmartImage } from '../../components/SmartImage';
import { articleHref } from '../../components/ArticleCard';
import { firstPosition, loopJumpTarget, positionOf, realIndex, stepPosition, trackOf } from './carousel-index';
import { island } from '../../../../shared/src/islands/island';
import styles from './home.module.css';

export const CAROUSEL_TIMING = { autoAdvanceMs: 5000, slideMs: 500, jumpDelayMs: 500, restoreMs: 50 } as const;

function usePageHidden(): boolean {
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.hidden);
  useEffect(() => {
    const update = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return hidden;
}

/** The hero carousel of docs/product.md §4: a looping track with a copy at each end, auto-advancing every 5 s. */
export function Carousel({ items }: { items: SlideArticle[] }) {
  const count = items.length;
  const track = useMemo(() => trackOf(items), [items]);
  const [position, setPosition] = useState(() => firstPosition(count));
  const [animate, setAnimate] = useState(true);
  const hidden = usePageHidden();
  const current = realIndex(position, count);

  // Landing on a copy: once the slide has finished, jump silently to the real item.
  useEffect(() => {
    const target = loopJumpTarget(position, count);
    if (target === null) return;
    const timer = setTimeout(() => {
      setAnimate(false);
      setPosition(target);
    }, CAROUSEL_TIMING.jumpDelayMs);
    return () => clearTimeout(timer);
  }, [position, count]);

  useEffect(() => {
    if (animate) return;
    const timer = setTimeout(() => setAnimate(true), CAROUSEL_TIMING.restoreMs);
    return () => clearTimeout(timer);
  }, [animate]);

  useEffect(() => {
    if (count <= 1 || hidden) return;
    const timer = setTimeout(() => setPosition((p) => stepPosition(p, 1, count)), CAROUSEL_TIMING.autoAdvanceMs);
    return () => clearTimeout(timer);
  }, [position, count, hidden]);

  if (count === 0) return null;
  const move = (delta: 1 | -1) => {
    setAnimate(true);
    setPosition((p) => stepPosition(p, delta, count));
  };

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="焦點文章" data-testid="carousel">
      <div className={styles.viewport}>
        <div
          className={styles.track}
          style={{ transform: `translateX(-${position * 100}%)`, transition: animate ? `transform ${CAROUSEL_TIMING.slideMs}ms ease` : 'none' }}
          data-position={position}
        >
          {track.map((article, index) => {
            const active = index === position;
            const isCopy = count > 1 && (index === 0 || index === track.length - 1);
            return (
              <div key={`${article.id}-${index}`} className={styles.slide} aria-hidden={!active} inert={!active} data-copy={isCopy || undefined} aria-roledescription="slide">
                <SmartImage src={article.featured_image} alt={article.featured_image_alt ?? ''} width={1200} height={630} sizes={IMAGE_SIZES.carousel} priority={index === firstPosition(count)} className={styles.slideImage} />
                <div className={styles.overlay}>
                  {article.category_name && <span className={styles.overlayBadge}>{article.category_name}</span>}
                  <a href={articleHref(article.slug)} className={styles.overlayTitle} tabIndex={active ? 0 : -1}>
                    {article.title}
                  </a>
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.arrowPrev}`} aria-label="上一則" onClick={() => move(-1)}>
            ‹
          </button>
          <button type="button" className={`${styles.arrow} ${styles.arrowNext}`} aria-label="下一則" onClick={() => move(1)}>
            ›
          </button>
          <div className={styles.dots}>
            {items.map((article, index) => (
              <button
                key={article.id}
                type="button"
                className={`${styles.dot} ${index === current ? styles.dotActive : ''}`}
                aria-label={`第 ${index + 1} 則：${article.title}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => {
                  setAnimate(true);
                  setPosition(positionOf(index, count));
                }}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** The carousel moves on its own and on a press: an island. */
export const CarouselIsland = island('public:carousel', Carousel);
