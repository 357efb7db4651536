import { useEffect, useRef } from 'react';
import { island } from '@coinmag/frontend-shared/islands/island';
import { NEWSLETTER_PATHS } from '@coinmag/contracts/newsletter-paths';
import { runSubscribeForm } from './subscribe-form';
import styles from './newsletter.module.css';

interface Props {
  /** On an article: its category, offered as 新文章通知. */
  category?: { id: number; name: string } | null;
  /** Where it sits (distinct ids for the labels when a page shows it twice). */
  place: string;
}

/**
 * 訂閱電子報: the email and what to receive; the answer is the same for a known address. Plain
 * markup sent by `runSubscribeForm` (a `script` island: no React in the browser for it); in the
 * whole app the component runs the same script from an effect.
 */
export function SubscribeForm({ category, place }: Props) {
  const root = useRef<HTMLElement>(null);
  useEffect(() => (root.current ? runSubscribeForm(root.current) : undefined), [category?.id, place]);
  return (
    <section ref={root} className={styles.box} aria-labelledby={`newsletter-${place}`}>
      <h2 id={`newsletter-${place}`}>訂閱電子報</h2>
      <p>每週精選和新文章通知，寄到你的信箱，隨時可以一鍵取消。</p>
      {/* POST: pressed before the script runs, the address never lands in a URL. */}
      <form data-newsletter-form="" method="post" action={NEWSLETTER_PATHS.subscribe}>
        <div className={styles.row}>
          <label htmlFor={`newsletter-email-${place}`} className="visually-hidden">
            電子郵件
          </label>
          <input id={`newsletter-email-${place}`} name="email" className={styles.email} type="email" inputMode="email" autoComplete="email" required placeholder="你的電子郵件" />
          <button className={styles.button} type="submit">
            訂閱
          </button>
        </div>
        <label className={styles.choice}>
          <input type="checkbox" name="digest" defaultChecked /> 每週精選
        </label>
        {category ? (
          <label className={styles.choice}>
            <input type="checkbox" name="category" value={String(category.id)} /> 新文章通知：{category.name}
          </label>
        ) : null}
      </form>
      <p role="status" data-newsletter-status="" data-ok-class={styles.message} data-error-class={styles.error} />
    </section>
  );
}

export const SubscribeFormIsland = island('public:newsletter-subscribe', SubscribeForm, 'script');
