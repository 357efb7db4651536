import { useEffect, useRef } from 'react';
import { NEWSLETTER_PATHS } from '@coinmag/contracts/newsletter-paths';
import { runSubscribeForm } from './subscribe-form';

/** The class names a place gives the form: its own CSS module (`hidden`: seen by screen readers only). */
export type SubscribeFormClasses = Readonly<Partial<Record<'box' | 'row' | 'email' | 'button' | 'choice' | 'message' | 'error' | 'hidden', string>>>;

export interface SubscribeFormProps {
  /** On an article: its category, offered as 新文章通知. */
  category?: { id: number; name: string } | null;
  /** Where it sits (distinct ids for the labels when a page shows it more than once). */
  place: string;
}

/**
 * The box's heading, which names its region: the footer's differs from the article's and the home
 * page's, so a page showing both has no two landmarks of one name (a screen reader's list of
 * regions tells them apart). The footer's offers the digest only, hence its name.
 */
export const SUBSCRIBE_FORM_HEADINGS = { page: '訂閱電子報', footer: '訂閱每週精選' } as const;

/**
 * 訂閱電子報 (訂閱每週精選 in the footer): the email and what to receive; the answer is the same for a known address. One
 * markup for every place it sits (article, home page, footer), sent by `runSubscribeForm` (a
 * `script` island: no React in the browser for it); in the whole app the component runs the same
 * script from an effect.
 */
export function SubscribeFormMarkup({
  category,
  place,
  classes,
  heading = SUBSCRIBE_FORM_HEADINGS.page,
  intro = '每週精選和新文章通知，寄到你的信箱，隨時可以一鍵取消。',
}: SubscribeFormProps & { classes: SubscribeFormClasses; heading?: string; intro?: string }) {
  const root = useRef<HTMLElement>(null);
  useEffect(() => (root.current ? runSubscribeForm(root.current) : undefined), [category?.id, place]);
  return (
    <section ref={root} className={classes.box} aria-labelledby={`newsletter-${place}`}>
      <h2 id={`newsletter-${place}`}>{heading}</h2>
      <p>{intro}</p>
      {/* POST: pressed before the script runs (or without it), the address never lands in a URL; the service answers a page. */}
      <form data-newsletter-form="" method="post" action={NEWSLETTER_PATHS.subscribe}>
        <div className={classes.row}>
          <label htmlFor={`newsletter-email-${place}`} className={classes.hidden}>
            電子郵件
          </label>
          <input id={`newsletter-email-${place}`} name="email" className={classes.email} type="email" inputMode="email" autoComplete="email" required placeholder="你的電子郵件" />
          <button className={classes.button} type="submit">
            訂閱
          </button>
        </div>
        <label className={classes.choice}>
          <input type="checkbox" name="digest" defaultChecked /> 每週精選
        </label>
        {category ? (
          <label className={classes.choice}>
            <input type="checkbox" name="category" value={String(category.id)} /> 新文章通知：{category.name}
          </label>
        ) : null}
      </form>
      <p role="status" data-newsletter-status="" data-ok-class={classes.message} data-error-class={classes.error} />
    </section>
  );
}
