import { useCallback, useEffect, useState } from 'react';
import { PREVIEW_LINK_LIMITS, type CreatedPreviewLink, type PreviewLink } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import adminStyles from '../../admin.module.css';
import styles from './preview-links.module.css';
import { previewLinksApi } from '../../api/preview-links-api';
import { asApiError } from '../../api/http';
import { reportLoadError } from '../../session/load-errors';
import { toast } from '../../toasts/toast-store';

const STATE_LABELS: Record<PreviewLink['state'], string> = { active: '有效', expired: '已過期', revoked: '已撤銷' };
const DAY_CHOICES = [1, 3, 7, 14, 30] as const;

/**
 * The article's preview links (docs/product.md §3 Preview links): make one for a draft or a
 * scheduled article, see each with its expiry and state, revoke one. The link's address is shown
 * once, when it is made: only a hash of its token is kept.
 */
export function PreviewLinksPanel({ articleId, published }: { articleId: number; published: boolean }) {
  const [links, setLinks] = useState<PreviewLink[] | null>(null);
  const [days, setDays] = useState<number>(PREVIEW_LINK_LIMITS.defaultDays);
  const [created, setCreated] = useState<CreatedPreviewLink | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    previewLinksApi.list(articleId).then((answer) => setLinks(answer.links), (err: unknown) => reportLoadError(err, '載入資料失敗'));
  }, [articleId]);
  useEffect(load, [load]);

  const create = async () => {
    setBusy(true);
    try {
      setCreated(await previewLinksApi.create(articleId, days));
      toast.success('已建立預覽連結');
      load();
    } catch (err) {
      toast.error(asApiError(err, '建立預覽連結失敗').message);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (link: PreviewLink) => {
    try {
      await previewLinksApi.revoke(articleId, link.id);
      if (created?.id === link.id) setCreated(null);
      toast.success('已撤銷預覽連結');
      load();
    } catch (err) {
      toast.error(asApiError(err, '撤銷失敗').message);
    }
  };

  const address = created ? `${window.location.origin}${created.path}` : '';
  return (
    <section className={`${adminStyles.card} ${styles.panel}`} aria-labelledby="preview-links-title">
      <h2 id="preview-links-title" className={adminStyles.sectionTitle}>預覽連結</h2>
      <p className={adminStyles.hint}>不必登入即可閱讀尚未公開的文章，內容會隨之後的修改更新；文章發布後連結會轉到公開頁面。連結只在建立時顯示一次，請立即複製。</p>
      {published ? (
        <p className={adminStyles.muted}>已發布的文章不需要預覽連結</p>
      ) : (
        <div className={styles.row}>
          <label className={adminStyles.field}>
            <span className={adminStyles.label}>有效天數</span>
            <select className={`${adminStyles.select} ${styles.days}`} value={days} onChange={(event) => setDays(Number(event.target.value))}>
              {DAY_CHOICES.map((choice) => <option key={choice} value={choice}>{choice} 天</option>)}
            </select>
          </label>
          <button type="button" className={adminStyles.button} disabled={busy} aria-busy={busy} onClick={() => void create()}>建立預覽連結</button>
        </div>
      )}
      {created && (
        <div className={styles.created}>
          <input className={adminStyles.input} readOnly value={address} aria-label="新的預覽連結" onFocus={(event) => event.target.select()} />
          <button type="button" className={`${adminStyles.button} ${adminStyles.buttonSecondary}`}
            onClick={() => void navigator.clipboard?.writeText(address).then(() => toast.success('已複製連結'), () => toast.error('複製失敗，請手動複製'))}>複製連結</button>
        </div>
      )}
      {!links ? <p className={adminStyles.muted}>載入中…</p> : links.length === 0 ? <p className={adminStyles.muted}>尚無預覽連結</p> : (
        <ul className={styles.list} aria-label="預覽連結列表">
          {links.map((link) => (
            <li key={link.id} className={styles.item} data-state={link.state}>
              <span>
                建立於 <time dateTime={link.created_at}>{formatLongDateTime(link.created_at)}</time>・到期 <time dateTime={link.expires_at}>{formatLongDateTime(link.expires_at)}</time>・{STATE_LABELS[link.state]}
              </span>
              {link.state === 'active' && (
                <button type="button" className={`${adminStyles.button} ${adminStyles.buttonDanger}`} onClick={() => void revoke(link)}>撤銷</button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
