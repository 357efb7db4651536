import { FLASH_LIMITS, type PublicFlash } from '@coinmag/contracts';
import { FLASH_TEXT, flashTimeLabel } from '@coinmag/rules';
import { FLASH_CLASSES, FlashLiveIsland } from './FlashLive';
import pageStyles from '../page.module.css';
import styles from './flash.module.css';

/**
 * The 快訊 box: the latest five, each its time and first line. On the home page the server writes
 * them and the live script keeps them current (`box`); on an article page it is left empty and
 * filled by the script once (`fill`), so no article page is ever rendered again for an item.
 */
export function FlashBox({ items, mode }: { items: PublicFlash[]; mode: 'box' | 'fill' }) {
  return (
    <section className={styles.box} aria-labelledby={`flash-box-${mode}`} data-flash-root={mode} data-testid="flash-box">
      <div className={pageStyles.sectionHead}>
        <h2 id={`flash-box-${mode}`} className={pageStyles.sectionTitle}>{FLASH_TEXT.title}</h2>
        <a href="/flash" className={pageStyles.viewMore}>{FLASH_TEXT.viewAll}</a>
      </div>
      <ol className={styles.boxList} data-flash-items="">
        {items.slice(0, FLASH_LIMITS.box).map((item) => (
          <li key={item.id} className={item.important ? `${styles.boxItem} ${styles.boxImportant}` : styles.boxItem} data-flash-id={item.id} data-flash-updated={item.updated_at} data-testid="flash-box-item">
            <span className={styles.boxTime}>
              <time dateTime={item.published_at} data-flash-time="">{flashTimeLabel(item.published_at, 0)}</time>
              {item.important && ` ${FLASH_TEXT.important}`}
            </span>
            <a href={`/flash/${item.id}`}>{item.text.split('\n')[0]}</a>
          </li>
        ))}
      </ol>
      <FlashLiveIsland mode={mode} classes={FLASH_CLASSES} size={FLASH_LIMITS.box} />
    </section>
  );
}
