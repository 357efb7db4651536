import { useEffect, useRef, useState } from 'react';
import logoUrl from './logo.svg';
import styles from './layout.module.css';

/** The logo image, or a letter tile from the site title when the image cannot load. */
export function Logo({ siteTitle }: { siteTitle: string }) {
  const [failed, setFailed] = useState(false);
  const letter = Array.from(siteTitle.trim())[0] ?? 'C';
  const imageRef = useRef<HTMLImageElement>(null);
  // In server-rendered HTML the logo may have failed before the page hydrated.
  useEffect(() => {
    // decode() rejects for an image that failed (an SVG without a size may report naturalWidth 0 when fine).
    imageRef.current?.decode().catch(() => setFailed(true));
  }, []);
  return (
    <a href="/" className={styles.logo} aria-label={`${siteTitle} 首頁`}>
      {failed ? (
        <span className={styles.letterTile} aria-hidden="true" data-testid="logo-letter">
          {letter}
        </span>
      ) : (
        <img ref={imageRef} src={logoUrl} alt="" width={36} height={36} className={styles.logoImage} onError={() => setFailed(true)} />
      )}
      <span className={styles.logoText}>{siteTitle}</span>
    </a>
  );
}
