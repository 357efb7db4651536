import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { NewsletterLinkState, PublicCategory } from '@coinmag/contracts';
import { island } from '@coinmag/frontend-shared/islands/island';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { confirm, readCategories, readLink, savePreferences, unsubscribe } from './newsletter-api';
import styles from './newsletter.module.css';

export type NewsletterAction = 'confirm' | 'manage' | 'unsubscribe';
export type NewsletterPageState = { status: 'ready' };

const TITLES: Record<NewsletterAction, string> = { confirm: '確認訂閱', manage: '訂閱設定', unsubscribe: '取消訂閱' };

export const newsletterKey = (action: NewsletterAction) => `/newsletter/${action}`;
export const loadNewsletter = async (): Promise<NewsletterPageState> => ({ status: 'ready' });

/** Never indexed; the token in the query is read by the browser only (the HTML is the same for everyone). */
export function newsletterMeta(action: NewsletterAction): PageMeta {
  return { title: TITLES[action], description: '幣圈新手誌電子報', path: newsletterKey(action), noIndex: true };
}

type View =
  | { kind: 'loading' }
  | { kind: 'gone'; text: string }
  | { kind: 'ready'; state: NewsletterLinkState; token: string }
  | { kind: 'done'; text: string; manageToken?: string };

/** The signed link's page: confirm with a button (a mail scanner's GET confirms nothing), change the choices, or unsubscribe. */
export function NewsletterLink({ action }: { action: NewsletterAction }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [digest, setDigest] = useState(false);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  // The categories to choose from (manage only); null until read, [] when they could not be.
  const [categories, setCategories] = useState<PublicCategory[] | null>(null);

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('t') ?? '';
    if (!token) {
      setView({ kind: 'gone', text: '這個連結無效或已失效' });
      return;
    }
    void readLink(token).then((answer) => {
      if (!answer.ok) return setView({ kind: 'gone', text: answer.error });
      setDigest(answer.body.digest);
      setCategoryIds(answer.body.categoryIds);
      setView({ kind: 'ready', state: answer.body, token });
    });
    if (action === 'manage') void readCategories().then((answer) => setCategories(answer.ok ? answer.body : []));
  }, [action]);

  if (view.kind === 'loading') return <p>載入內容中…</p>;
  if (view.kind === 'gone') return <p className={styles.error}>{view.text}</p>;
  if (view.kind === 'done')
    return (
      <>
        <p className={styles.message} role="status">
          {view.text}
        </p>
        {view.manageToken ? <a href={`/newsletter/manage?t=${encodeURIComponent(view.manageToken)}`}>管理訂閱設定</a> : null}
      </>
    );

  const { state, token } = view;
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setNote(null);
    await work();
    setBusy(false);
  };

  if (action === 'confirm') {
    if (state.status === 'confirmed') return <p className={styles.message}>你已經完成訂閱了（{state.emailHint}）。</p>;
    return (
      <>
        <p>要用 {state.emailHint} 訂閱幣圈新手誌電子報嗎？</p>
        <button
          className={styles.button}
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const answer = await confirm(token);
              if (answer.ok) setView({ kind: 'done', text: answer.body.message, manageToken: answer.body.manageToken });
              else setNote({ ok: false, text: answer.error });
            })
          }
        >
          確認訂閱
        </button>
        {note ? <p className={styles.error}>{note.text}</p> : null}
      </>
    );
  }

  const leave = (
    <button
      className={action === 'unsubscribe' ? styles.button : styles.secondary}
      type="button"
      disabled={busy}
      onClick={() =>
        void run(async () => {
          const answer = await unsubscribe(token);
          if (answer.ok) setView({ kind: 'done', text: answer.body.message });
          else setNote({ ok: false, text: answer.error });
        })
      }
    >
      取消訂閱
    </button>
  );

  if (action === 'unsubscribe') {
    return (
      <>
        <p>按下按鈕，{state.emailHint} 就不會再收到幣圈新手誌電子報。</p>
        {leave}
        {note ? <p className={styles.error}>{note.text}</p> : null}
      </>
    );
  }

  return (
    <>
      <p>{state.emailHint} 的訂閱設定</p>
      <label className={styles.choice}>
        <input type="checkbox" checked={digest} onChange={(event) => setDigest(event.target.checked)} /> 每週精選
      </label>
      <CategoryChoices categories={categories} chosen={categoryIds} onChange={setCategoryIds} />
      <div className={styles.row}>
        <button
          className={styles.button}
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const answer = await savePreferences(token, digest, categoryIds);
              setNote(answer.ok ? { ok: true, text: answer.body.message } : { ok: false, text: answer.error });
            })
          }
        >
          儲存設定
        </button>
        {leave}
      </div>
      {note ? (
        <p className={note.ok ? styles.message : styles.error} role="status">
          {note.text}
        </p>
      ) : null}
    </>
  );
}

/**
 * 新文章通知 for each category, added or taken away; a chosen category the list does not show
 * (no longer public) stays chosen. Without the list (not read yet, or it failed), the choices
 * already made can still be dropped as a whole.
 */
function CategoryChoices({ categories, chosen, onChange }: { categories: PublicCategory[] | null; chosen: number[]; onChange: (ids: number[]) => void }) {
  if (!categories || categories.length === 0) {
    if (chosen.length === 0) return categories === null ? <p>載入分類中…</p> : null;
    return (
      <label className={styles.choice}>
        <input type="checkbox" checked onChange={() => onChange([])} /> 新文章通知（{chosen.length} 個分類）
      </label>
    );
  }
  const toggle = (id: number, on: boolean) => onChange(on ? [...chosen.filter((other) => other !== id), id] : chosen.filter((other) => other !== id));
  return (
    <fieldset className={styles.categories}>
      <legend>新文章通知</legend>
      {categories.map((category) => (
        <label key={category.id} className={styles.choice}>
          <input type="checkbox" checked={chosen.includes(category.id)} onChange={(event) => toggle(category.id, event.target.checked)} /> {category.name}
        </label>
      ))}
    </fieldset>
  );
}

export const NewsletterLinkIsland = island('public:newsletter-link', NewsletterLink, 'load');

export function NewsletterPage() {
  const action = (useLocation().pathname.split('/')[2] ?? 'manage') as NewsletterAction;
  usePageMeta(newsletterMeta(action));
  return (
    <div className={styles.page}>
      <h1>{TITLES[action]}</h1>
      <NewsletterLinkIsland action={action} />
    </div>
  );
}
