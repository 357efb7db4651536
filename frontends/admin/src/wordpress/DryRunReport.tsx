import type { WordPressImport } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { formatFileSize } from './import-labels';

interface Props {
  job: WordPressImport;
  busy: boolean;
  onConfirm: () => void;
  onDiscard: () => void;
}

/** What the import would do, read from the file; nothing is written until 確認匯入. */
export function DryRunReport({ job, busy, onConfirm, onDiscard }: Props) {
  const dryRun = job.dry_run;
  if (!dryRun) return null;
  const figures: Array<[string, number]> = [
    ['文章', dryRun.posts.total],
    ['已發布', dryRun.posts.published],
    ['排程中', dryRun.posts.scheduled],
    ['草稿', dryRun.posts.draft],
    ['分類', dryRun.categories],
    ['標籤', dryRun.tags],
    ['附件', dryRun.attachments],
    ['圖片', dryRun.images],
  ];
  return (
    <section className={styles.card} aria-labelledby="wp-dry-run-title">
      <h2 className={styles.sectionTitle} id="wp-dry-run-title">試算結果</h2>
      <p className={styles.muted}>
        {job.filename}（{formatFileSize(job.file_bytes)}），來源網站 {dryRun.site || '（未標示）'}。{job.with_images ? '會一併匯入圖片。' : '不匯入圖片。'}
      </p>
      <dl className={styles.stats} aria-label="將匯入的內容">
        {figures.map(([label, value]) => (
          <div className={styles.stat} key={label}>
            <dt className={styles.statLabel}>{label}</dt>
            <dd className={styles.statValue}>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.sectionTitle}>略過的項目</h3>
      {dryRun.skipped.length === 0 ? <p className={styles.empty}>沒有略過的項目</p> : (
        <ul aria-label="略過的項目">{dryRun.skipped.map((item) => <li key={item.name}>{item.name}：{item.count} 筆</li>)}</ul>
      )}
      <h3 className={styles.sectionTitle}>網址代稱重複</h3>
      {dryRun.collisions.length === 0 ? <p className={styles.empty}>沒有與現有文章重複的網址代稱</p> : (
        <>
          <p className={styles.hint}>這些文章的網址代稱已被本站文章使用，匯入時會改用加上編號的網址代稱。</p>
          <ul aria-label="網址代稱重複">{dryRun.collisions.map((item) => <li key={item.wp_post_id}>{item.title}（{item.slug}）</li>)}</ul>
        </>
      )}
      <h3 className={styles.sectionTitle}>發現的問題</h3>
      {dryRun.problem_count === 0 ? <p className={styles.empty}>沒有發現問題</p> : (
        <>
          <ul aria-label="發現的問題">{dryRun.problems.map((item, index) => <li key={`${item.wp_post_id}-${index}`}>{item.title}：{item.problem}</li>)}</ul>
          {dryRun.problem_count > dryRun.problems.length && <p className={styles.muted}>另有 {dryRun.problem_count - dryRun.problems.length} 個問題未列出</p>}
        </>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.button} disabled={busy || dryRun.posts.total === 0} onClick={onConfirm}>確認匯入</button>
        <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} disabled={busy} onClick={onDiscard}>取消</button>
      </div>
    </section>
  );
}
