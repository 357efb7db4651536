import { useEffect, useRef, useState } from 'react';
import { resolveImageUrl, isInsecureOnSecurePage } from '../media/image-url';
import { variantSrcset } from '../media/media-urls';
import styles from './components.module.css';

interface Props {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  /** Above the fold: load at once with high priority (the LCP image). */
  priority?: boolean;
  fallbackSrc?: string;
  className?: string;
}

/**
 * An image with width and height (no layout shift), a srcset of the media variants, lazy
 * loading below the fold, and §5 failure handling: the fallback if given, else the image is
 * hidden and its container marked failed.
 */
export function SmartImage({ src, alt, width, height, sizes, priority = false, fallbackSrc, className }: Props) {
  const resolved = resolveImageUrl(src);
  const [current, setCurrent] = useState(resolved);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setCurrent(resolved);
    setFailed(false);
  }, [resolved]);

  useEffect(() => {
    if (current && isInsecureOnSecurePage(current, window.location.protocol)) console.warn(`[image] 不安全的圖片來源（http）：${current}`);
  }, [current]);

  const imageRef = useRef<HTMLImageElement>(null);
  // An image in server-rendered HTML may have failed before the page hydrated, with no one listening.
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0) onError();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onError = () => {
    console.error('[image] 圖片載入失敗', current);
    if (fallbackSrc && current !== fallbackSrc) {
      setCurrent(fallbackSrc);
      return;
    }
    setFailed(true);
  };

  const empty = !current || failed;
  const srcSet = current && current !== fallbackSrc ? variantSrcset(current) : '';
  return (
    <div
      className={`${styles.imageBox} ${empty ? styles.imageEmpty : ''} ${className ?? ''}`}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-image-failed={failed ? 'true' : undefined}
      // Outside an island nothing of this component runs in the browser: the shell's
      // static-images.ts applies the same failure handling from these.
      data-image-box={styles.imageEmpty}
      data-fallback={fallbackSrc}
    >
      {current && !failed && (
        <img
          ref={imageRef}
          src={current}
          srcSet={srcSet || undefined}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'sync' : 'async'}
          fetchPriority={priority ? 'high' : 'auto'}
          onError={onError}
          className={styles.image}
        />
      )}
    </div>
  );
}
