import { useState, type FormEvent } from 'react';
import { island } from '@coinmag/frontend-shared/islands/island';
import { subscribe } from './newsletter-api';
import styles from './newsletter.module.css';

interface Props {
  /** On an article: its category, offered as 新文章通知. */
  category?: { id: number; name: string } | null;
  /** Where it sits (distinct ids for the labels when a page shows it twice). */
  place: string;
}

/** 訂閱電子報: the email and what to receive; the answer is the same for a known address. */
export function SubscribeForm({ category, place }: Props) {
  const [email, setEmail] = useState('');
  const [digest, setDigest] = useState(true);
  const [inCategory, setInCategory] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await subscribe(email, digest, inCategory && category ? [category.id] : []);
    setBusy(false);
    setResult(answer.ok ? { ok: true, text: answer.body.message } : { ok: false, text: answer.error });
  };

  return (
    <section className={styles.box} aria-labelledby={`newsletter-${place}`}>
      <h2 id={`newsletter-${place}`}>訂閱電子報</h2>
      <p>每週精選和新文章通知，寄到你的信箱，隨時可以一鍵取消。</p>
      <form onSubmit={submit}>
        <div className={styles.row}>
          <label htmlFor={`newsletter-email-${place}`} className="visually-hidden">
            電子郵件
          </label>
          <input id={`newsletter-email-${place}`} className={styles.email} type="email" inputMode="email" autoComplete="email" required placeholder="你的電子郵件" value={email} onChange={(event) => setEmail(event.target.value)} />
          <button className={styles.button} type="submit" disabled={busy}>
            訂閱
          </button>
        </div>
        <label className={styles.choice}>
          <input type="checkbox" checked={digest} onChange={(event) => setDigest(event.target.checked)} /> 每週精選
        </label>
        {category ? (
          <label className={styles.choice}>
            <input type="checkbox" checked={inCategory} onChange={(event) => setInCategory(event.target.checked)} /> 新文章通知：{category.name}
          </label>
        ) : null}
      </form>
      {result ? (
        <p className={result.ok ? styles.message : styles.error} role="status">
          {result.text}
        </p>
      ) : null}
    </section>
  );
}

export const SubscribeFormIsland = island('public:newsletter-subscribe', SubscribeForm, 'load');
