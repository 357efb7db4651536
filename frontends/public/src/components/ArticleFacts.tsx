import { formatLongDate } from '@coinmag/rules';
import styles from './components.module.css';

/** Category badge, long date and view count, in the order the cards show them. */
export function CategoryBadge({ name }: { name: string | null | undefined }) {
  return name ? <span className={styles.badge}>{name}</span> : null;
}

export function PublishedDate({ value }: { value: string | null | undefined }) {
  const text = formatLongDate(value);
  return text && value ? <time dateTime={value} className={styles.fact}>{text}</time> : null;
}

/** One formatter for every count: toLocaleString builds a new one per call (about 0.7 ms each). */
let countFormat: Intl.NumberFormat | null = null;

export function ViewCount({ count }: { count: number }) {
  countFormat ??= new Intl.NumberFormat('zh-TW');
  return <span className={styles.fact}>{countFormat.format(count)} 次瀏覽</span>;
}
