import { useEffect, useMemo, useRef } from 'react';
import type { SlideArticle } from './home-articles';
import { IMAGE_SIZES } from '@coinmag/rules';
import { SmartImage } from '../../components/SmartImage';
import { articleHref } from '../../components/ArticleCard';
import { firstPosition, trackOf } from './carousel-index';
import { CAROUSEL_TIMING, runCarousel } from './carousel-controller';
import { island } from '@coinmag/frontend-shared/islands/island';
import styles from './home.module.css';

/**
 * The hero carousel of docs/product.md §4: a looping track with a copy at each end, auto-advancing
 * every 5 s. This renders its markup at the first slide; carousel-controller.ts moves it, here once
 * it is mounted and, on a server-rendered home page, as a plain script without React.
 */
export function Carousel({ items }: { items: SlideArticle[] }) {
  // Other items are another carousel: a fresh track for the controller, not this one patched.
  return <CarouselTrack key={items.map((article) => article.id).join(',')} items={items} />;
}

function CarouselTrack({ items }: { items: SlideArticle[] }) {
  const count = items.length;
  const track = useMemo(() => trackOf(items), [items]);
  const section = useRef<HTMLElement>(null);
  useEffect(() => (section.current ? runCarousel(section.current) : undefined), []);
  const position = firstPosition(count);

  if (count === 0) return null;
  return (
    <section ref={section} className={styles.carousel} aria-roledescription="carousel" aria-label="焦點文章" data-testid="carousel" data-carousel="">
      <div className={styles.viewport}>
        <div
          className={styles.track}
          style={{ transform: `translateX(-${position * 100}%)`, transition: `transform ${CAROUSEL_TIMING.slideMs}ms ease` }}
          data-position={position}
          data-carousel-track=""
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
          <button type="button" className={`${styles.arrow} ${styles.arrowPrev}`} aria-label="上一則" data-step="-1">
            ‹
          </button>
          <button type="button" className={`${styles.arrow} ${styles.arrowNext}`} aria-label="下一則" data-step="1">
            ›
          </button>
          <div className={styles.dots}>
            {items.map((article, index) => (
              <button
                key={article.id}
                type="button"
                className={styles.dot}
                aria-label={`第 ${index + 1} 則：${article.title}`}
                aria-current={index === 0 ? 'true' : undefined}
                data-dot={index}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The carousel moves on its own and on a press: an island whose behaviour is a plain script
 * (island-scripts.ts), so a home page no one touches loads no React.
 */
export const CarouselIsland = island('public:carousel', Carousel, 'script');
