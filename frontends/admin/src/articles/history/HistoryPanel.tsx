import { useCallback, useEffect, useState } from 'react';
import type { AdminArticle, Revision, RevisionSummary } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import adminStyles from '../../admin.module.css';
import styles from './history.module.css';
import { revisionsApi } from '../../api/history-api';
import { asApiError } from '../../api/http';
import { reportLoadError } from '../../session/load-errors';
import { toast } from '../../toasts/toast-store';
import { STATUS_LABELS, statusOf, toTaipeiDateTimeLocal, type ArticleFormValues } from '../form/article-form';
import { diffBlocks, htmlToBlocks, type DiffPart } from './text-diff';

const KIND_LABELS: Record<RevisionSummary['kind'], string> = { save: '儲存', restore: '還原', conflict: '未套用（編輯衝突）' };
export const RESTORE_CONFIRM = '確定要還原這個版本嗎？還原會成為新的版本，畫面上未儲存的修改將被取代。';

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

/** What changed from the revision to the text now in the form: fields first, then the body by paragraph. */
function RevisionDiff({ revision, current }: { revision: Revision; current: ArticleFormValues }) {
  const fields: Array<[string, string, string]> = [
    ['標題', revision.title, current.title],
    ['摘要', revision.excerpt, current.excerpt],
    ['狀態', STATUS_LABELS[statusOf(revision.status)], STATUS_LABELS[current.status]],
    ['發布時間', toTaipeiDateTimeLocal(revision.published_at).replace('T', ' '), current.publishedAt.replace('T', ' ')],
    ['標籤', revision.tags.join('、'), current.tags.join('、')],
    ['SEO 標題', revision.meta_title, current.metaTitle],
    ['SEO 描述', revision.meta_description, current.metaDescription],
  ];
  const changedFields = fields.filter(([, before, after]) => before !== after);
  const blocks = diffBlocks(htmlToBlocks(revision.content), htmlToBlocks(current.content));
  const bodyChanged = blocks.some((block) => block.changed);
  return (
    <section className={styles.diff} aria-label="版本差異">
      <h3 className={styles.diffTitle}>{formatLongDateTime(revision.created_at)} 的版本與目前內容的差異</h3>
      <p className={styles.legend}><ins className={styles.added}>綠色</ins>是目前內容新增的文字，<del className={styles.removed}>紅色</del>是該版本有、目前已刪除的文字。</p>
      {changedFields.length === 0 && !bodyChanged && <p className={adminStyles.muted}>與目前內容相同</p>}
      {changedFields.map(([label, before, after]) => (
        <p key={label} className={styles.field}>
          <strong>{label}：</strong>
          {before && <del className={styles.removed}>{before}</del>} {after && <ins className={styles.added}>{after}</ins>}
        </p>
      ))}
      {bodyChanged && blocks.map((block, index) => (
        <p key={index} className={`${styles.block} ${block.changed ? '' : styles.unchanged}`} data-changed={block.changed || undefined}>
          <Parts parts={block.parts} />
        </p>
      ))}
    </section>
  );
}

interface HistoryPanelProps {
  articleId: number;
  /** The article version the form holds; a restore is made over it. */
  version: number;
  current: ArticleFormValues;
  onRestored: (article: AdminArticle) => void;
}

/** The article's saved versions: list, a readable diff against the form's text, and restore. */
export function HistoryPanel({ articleId, version, current, onRestored }: HistoryPanelProps) {
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [limit, setLimit] = useState(100);
  const [selected, setSelected] = useState<Revision | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    revisionsApi.list(articleId).then(
      (list) => {
        setRevisions(list.revisions);
        setLimit(list.limit);
      },
      (err: unknown) => reportLoadError(err, '載入版本紀錄失敗'),
    );
  }, [articleId]);

  useEffect(() => load(), [load, version]);

  const compare = async (revisionId: number) => {
    try {
      setSelected(await revisionsApi.get(articleId, revisionId));
    } catch (err) {
      reportLoadError(err, '載入版本失敗');
    }
  };

  const restore = async (revisionId: number) => {
    if (busy || !window.confirm(RESTORE_CONFIRM)) return;
    setBusy(true);
    try {
      const article = await revisionsApi.restore(articleId, revisionId, version);
      setSelected(null);
      onRestored(article);
      toast.success('已還原版本');
    } catch (err) {
      const error = asApiError(err, '');
      if (error.status === 401) reportLoadError(err, '更新失敗');
      else toast.error(error.serverError || '更新失敗');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${adminStyles.card} ${styles.panel}`} aria-labelledby="history-title">
      <h2 id="history-title" className={adminStyles.sectionTitle}>版本紀錄</h2>
      <p className={adminStyles.hint}>每次儲存都會保留一個版本，每篇文章最多保留最近 {limit} 個。</p>
      {!revisions ? <p className={adminStyles.muted}>載入中…</p> : revisions.length === 0 ? <p className={adminStyles.muted}>尚無版本</p> : (
        <ul className={styles.list}>
          {revisions.map((revision) => (
            <li key={revision.id} className={`${styles.item} ${selected?.id === revision.id ? styles.itemSelected : ''}`} data-revision={revision.id}>
              <span className={styles.meta}>
                <span><time dateTime={revision.created_at}>{formatLongDateTime(revision.created_at)}</time>・{KIND_LABELS[revision.kind]}{revision.version ? `（第 ${revision.version} 版）` : ''}</span>
                <span className={styles.metaLine}>{revision.title}・{STATUS_LABELS[statusOf(revision.status)]}{revision.ip ? `・${revision.ip}` : ''}</span>
              </span>
              <span className={adminStyles.actions}>
                <button type="button" className={`${adminStyles.button} ${adminStyles.buttonSecondary} ${adminStyles.buttonSmall}`} onClick={() => void compare(revision.id)}>比較</button>
                <button type="button" className={`${adminStyles.button} ${adminStyles.buttonSecondary} ${adminStyles.buttonSmall}`} disabled={busy} onClick={() => void restore(revision.id)}>還原</button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {selected && <RevisionDiff revision={selected} current={current} />}
    </section>
  );
}
