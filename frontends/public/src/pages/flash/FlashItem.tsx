import type { PublicFlash } from '@coinmag/contracts';
import { FLASH_TEXT, flashTextParts, flashTimeLabel, tagPagePath } from '@coinmag/rules';
import { articleHref } from '../../components/article-href';
import styles from './flash.module.css';

export const flashHref = (id: number) => `/flash/${id}`;

/** The item's text with its http(s) links made links; nothing of it is ever read as HTML. */
export function FlashText({ text, important }: { text: string; important: boolean }) {
  return (
    <p className={important ? `${styles.text} ${styles.importantText}` : styles.text}>
      {flashTextParts(text).map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} rel="noopener nofollow ugc" target="_blank">{part.text}</a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * One item on /flash and its own page. The time is written as HH:mm (a cached page must not say
 * 「3 分鐘前」 for long); the live script rewrites it as 「N 分鐘前」 within the hour (flash-live.ts).
 * flash-live.ts builds the same markup for items that arrive while the page is open.
 */
export function FlashItem({ item }: { item: PublicFlash }) {
  return (
    <li className={item.important ? `${styles.item} ${styles.important}` : styles.item} data-flash-id={item.id} data-flash-updated={item.updated_at} data-testid="flash-item">
      <div className={styles.head}>
        <a className={styles.time} href={flashHref(item.id)}>
          <time dateTime={item.published_at} data-flash-time="">{flashTimeLabel(item.published_at, 0)}</time>
        </a>
        {item.important && <span className={styles.badge}>{FLASH_TEXT.important}</span>}
        {item.pinned && <span className={styles.pin}>{FLASH_TEXT.pinned}</span>}
      </div>
      <FlashText text={item.text} important={item.important} />
      {(item.source_url || item.article) && (
        <div className={styles.links}>
          {item.article && <a href={articleHref(item.article.slug)}>{FLASH_TEXT.fullStory}</a>}
          {item.source_url && <a href={item.source_url} rel="noopener nofollow ugc" target="_blank">{FLASH_TEXT.source}</a>}
        </div>
      )}
      {item.tags.length > 0 && (
        <ul className={styles.tags} aria-label="標籤">
          {item.tags.map((tag) => (
            <li key={tag.key}><a href={tagPagePath(tag.key)}>#{tag.name}</a></li>
          ))}
        </ul>
      )}
    </li>
  );
}
