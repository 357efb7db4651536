import { useEffect, useState } from 'react';
import type { AdminFlash, FlashRevision } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import adminStyles from '../admin.module.css';
import styles from '../articles/history/history.module.css';
import { diffBlocks, type DiffPart } from '../articles/history/text-diff';
import { flashHistoryApi } from '../api/flash-api';
import { asApiError } from '../api/http';
import { reportLoadError } from '../session/load-errors';
import { toast } from '../toasts/toast-store';
import { tagsOf, type FlashFormValues } from './flash-form';

const KIND_LABELS: Record<FlashRevision['kind'], string> = { save: '儲存', restore: '還原', conflict: '未套用（編輯衝突）' };
export const FLASH_RESTORE_CONFIRM = '確定要還原這個版本嗎？還原會成為新的版本，畫面上未儲存的修改將被取代。';

const yesNo = (value: boolean) => (value ? '是' : '否');

function Parts({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'added' ? <ins key={index} className={styles.added}>{part.text}</ins>
          : part.kind === 'removed' ? <del key={index} className={styles.removed}>{part.text}</del>
            : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

/** What changed from the revision to the form's values: the marks and links first, then the text line by line. */
function FlashDiff({ revision, current }: { revision: FlashRevision; current: FlashFormValues }) {
  const fields: Array<[string, string, string]> = [
    ['標籤', revision.tags.join('、'), tagsOf(current.tags).join('、')],
    ['重要', yesNo(revision.important), yesNo(current.important)],
    ['置頂', yesNo(revision.pinned), yesNo(current.pinned)],
    ['來源連結', revision.source_url ?? '', current.sourceUrl.trim()],
    ['完整報導（文章編號）', revision.article_id ? String(revision.article_id) : '', current.articleId.trim()],
  ];
  const changed = fields.filter(([, before, after]) => before !== after);
  const blocks = diffBlocks(revision.text.split('\n'), current.text.trim().split('\n'));
  const textChanged = blocks.some((block) => block.changed);
  return (
    <section className={styles.diff} aria-label="版本差異" data-testid="flash-diff">
      <h3 className={styles.diffTitle}>{formatLongDateTime(revision.created_at)} 的版本與目前內容的差異</h3>
      <p className={styles.legend}><ins className={styles.added}>綠色</ins>是目前內容新增的文字，<del className={styles.removed}>紅色</del>是該版本有、目前已刪除的文字。</p>
      {changed.length === 0 && !textChanged && <p className={adminStyles.muted}>與目前內容相同</p>}
      {changed.map(([label, before, after]) => (
        <p key={label} className={styles.field}>
          <strong>{label}：</strong>
          {before && <del className={styles.removed}>{before}</del>} {after && <ins className={styles.added}>{after}</ins>}
        </p>
      ))}
      {textChanged && blocks.map((block, index) => (
        <p key={index} className={`${styles.block} ${block.changed ? '' : styles.unchanged}`}>
          <Parts parts={block.parts} />
        </p>
      ))}
    </section>
  );
}

interface FlashHistoryProps {
  item: AdminFlash;
  /** What the form holds now: the diff is against it. */
  current: FlashFormValues;
  onRestored: (item: AdminFlash) => void;
}

/** The item's kept versions (docs/product.md §2 快訊): the list, a diff against the form, and restore. */
export function FlashHistory({ item, current, onRestored }: FlashHistoryProps) {
  const [revisions, setRevisions] = useState<FlashRevision[] | null>(null);
  const [selected, setSelected] = useState<FlashRevision | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setSelected(null);
    flashHistoryApi.list(item.id).then(setRevisions, (err: unknown) => reportLoadError(err, '載入版本紀錄失敗'));
  }, [item.id, item.version]);

  const restore = async (revision: FlashRevision) => {
    if (busy || !window.confirm(FLASH_RESTORE_CONFIRM)) return;
    setBusy(true);
    try {
      const restored = await flashHistoryApi.restore(item.id, revision.id, item.version);
      toast.success('已還原版本');
      onRestored(restored);
    } catch (err) {
      const error = asApiError(err, '');
      if (error.status === 401) reportLoadError(err, '更新失敗');
      else toast.error(error.serverError || '更新失敗');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${adminStyles.card} ${styles.panel}`} aria-labelledby="flash-history-title" data-testid="flash-history">
      <h2 id="flash-history-title" className={adminStyles.sectionTitle}>版本紀錄</h2>
      {!revisions ? <p className={adminStyles.muted}>載入中…</p> : revisions.length === 0 ? <p className={adminStyles.muted}>尚無版本</p> : (
        <ul className={styles.list}>
          {revisions.map((revision) => (
            <li key={revision.id} className={`${styles.item} ${selected?.id === revision.id ? styles.itemSelected : ''}`} data-revision={revision.id}>
              <span className={styles.meta}>
                <span><time dateTime={revision.created_at}>{formatLongDateTime(revision.created_at)}</time>・{KIND_LABELS[revision.kind]}{revision.version ? `（第 ${revision.version} 版）` : ''}</span>
                <span className={styles.metaLine}>{Array.from(revision.text).slice(0, 40).join('')}{revision.ip ? `・${revision.ip}` : ''}</span>
              </span>
              <span className={adminStyles.actions}>
                <button type="button" className={`${adminStyles.button} ${adminStyles.buttonSecondary} ${adminStyles.buttonSmall}`} onClick={() => setSelected(revision)}>比較</button>
                <button type="button" className={`${adminStyles.button} ${adminStyles.buttonSecondary} ${adminStyles.buttonSmall}`} disabled={busy} onClick={() => void restore(revision)}>還原</button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {selected && <FlashDiff revision={selected} current={current} />}
    </section>
  );
}
