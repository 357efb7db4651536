import { formatLongDate } from '@coinmag/rules';
import { viewCountText } from './view-count';
import styles from './components.module.css';

/** Category badge, long date and view count, in the order the cards show them. */
export function CategoryBadge({ name }: { name: string | null | undefined }) {
  return name ? <span className={styles.badge}>{name}</span> : null;
}

export function PublishedDate({ value }: { value: string | null | undefined }) {
  const text = formatLongDate(value);
  return text && value ? <time dateTime={value} className={styles.fact}>{text}</time> : null;
}

export function ViewCount({ count }: { count: number }) {
  return <span className={styles.fact}>{viewCountText(count)}</span>;
}
