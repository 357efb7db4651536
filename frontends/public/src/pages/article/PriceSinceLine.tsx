import { changeDirection, PRICE_DISCLAIMER, priceSinceLine } from '@coinmag/rules';
import type { ArticlePriceSince } from './price-since';
import styles from './article.module.css';

/** 「發布時 BTC NT$2,950,000 → 現在 NT$3,100,000（+5.1%）」 under the title, with the disclaimer. */
export function PriceSinceLine({ price }: { price: ArticlePriceSince }) {
  const direction = changeDirection(((price.now - price.then) / price.then) * 100);
  return (
    <p className={styles.priceSince} data-testid="price-since">
      <a href={`/coin/${encodeURIComponent(price.symbol)}`} className={styles[`price_${direction}`]}>
        {priceSinceLine(price.symbol, price.then, price.now)}
      </a>{' '}
      <small>{PRICE_DISCLAIMER}</small>
    </p>
  );
}
