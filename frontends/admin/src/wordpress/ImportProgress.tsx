import { Link } from 'react-router-dom';
import type { WordPressImport } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import styles from '../admin.module.css';
import { OUTCOME_LABELS, STATUS_LABELS, percentDone } from './import-labels';

interface Props {
  job: WordPressImport;
  busy: boolean;
  onResume: () => void;
}

/** A confirmed import: its progress while it runs, its outcome once it has stopped. */
export function ImportProgress({ job, busy, onResume }: Props) {
  const { progress } = job;
  const percent = percentDone(job);
  const figures: Array<[string, number]> = [
    ['新增', progress.created],
    ['更新', progress.updated],
    ['未變更', progress.unchanged],
    ['衝突', progress.conflicts],
    ['失敗', progress.failed],
    ['已取得圖片', progress.images_fetched],
    ['無法取得的圖片', progress.images_failed],
  ];
  return (
    <section className={styles.card} aria-labelledby="wp-progress-title" data-status={job.status}>
      <h2 className={styles.sectionTitle} id="wp-progress-title">{STATUS_LABELS[job.status]}</h2>
      <p className={styles.muted}>{job.filename}，{formatLongDateTime(job.created_at)} 上傳{job.finished_at ? `，${formatLongDateTime(job.finished_at)} 結束` : ''}</p>
      <p>
        <progress max={100} value={percent} aria-label="匯入進度" /> 已處理 {progress.processed} / {progress.total} 篇（{percent}%）
      </p>
      {job.status === 'paused' && (
        <div className={styles.note} role="status">
          <p>匯入已暫停：這筆匯入需要一位管理員繼續，按下「繼續匯入」後，其餘圖片會以您的名義下載並記錄。</p>
          <button type="button" className={styles.button} disabled={busy} onClick={onResume}>繼續匯入</button>
        </div>
      )}
      {job.status === 'failed' && <p className={styles.fieldError} role="alert">{job.error ?? '匯入失敗'}</p>}
      <dl className={styles.stats} aria-label="匯入結果">
        {figures.map(([label, value]) => (
          <div className={styles.stat} key={label}>
            <dt className={styles.statLabel}>{label}</dt>
            <dd className={styles.statValue}>{value}</dd>
          </div>
        ))}
      </dl>
      {job.attention.length > 0 && (
        <>
          <h3 className={styles.sectionTitle}>需要留意的文章</h3>
          <p className={styles.hint}>「衝突」是本站在上次匯入後修改過的文章：WordPress 的新版本沒有覆寫它。</p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead><tr><th scope="col">文章</th><th scope="col">結果</th><th scope="col">說明</th></tr></thead>
              <tbody>
                {job.attention.map((item) => (
                  <tr key={item.wp_post_id}>
                    <td>{item.article_id ? <Link to={`/admin/articles/edit/${item.article_id}`}>{item.title}</Link> : item.title}</td>
                    <td className={styles.nowrap}>{OUTCOME_LABELS[item.outcome]}</td>
                    <td>{item.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {job.failed_images.length > 0 && (
        <>
          <h3 className={styles.sectionTitle}>無法取得的圖片</h3>
          <ul aria-label="無法取得的圖片">{job.failed_images.map((image) => <li key={image.url}><code>{image.url}</code>：{image.error}</li>)}</ul>
        </>
      )}
    </section>
  );
}
