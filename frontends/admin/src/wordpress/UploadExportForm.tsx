import { useState, type FormEvent } from 'react';
import type { WordPressImport } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { asApiError, isAbort } from '../api/http';
import { reportLoadError } from '../session/load-errors';
import { formatFileSize } from './import-labels';
import { wordpressApi } from './wordpress-api';

/** Choose the export, upload it (with its progress), and get its dry run back. */
export function UploadExportForm({ onUploaded }: { onUploaded: (job: WordPressImport) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [withImages, setWithImages] = useState(true);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('請選擇 WordPress 匯出檔（.xml）');
      return;
    }
    setError('');
    setSent(0);
    try {
      onUploaded(await wordpressApi.upload({ file, withImages, onProgress: setSent }));
    } catch (err) {
      if (isAbort(err)) return;
      const failure = asApiError(err, '上傳失敗，請稍後再試');
      if (failure.status === 401) reportLoadError(err, '上傳失敗');
      else setError(failure.message);
    } finally {
      setSent(null);
    }
  };

  const uploading = sent !== null;
  return (
    <section className={styles.card} aria-labelledby="wp-upload-title">
      <h2 className={styles.sectionTitle} id="wp-upload-title">上傳匯出檔</h2>
      <p className={styles.hint}>在 WordPress 後台的「工具 → 匯出」下載「所有內容」，再於此上傳。上傳後會先試算，確認前不會寫入任何資料。</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <label className={styles.field}>
          <span className={styles.label}>WordPress 匯出檔</span>
          <input className={styles.input} type="file" accept=".xml,application/xml,text/xml" disabled={uploading}
            aria-invalid={Boolean(error)} aria-describedby={error ? 'wp-upload-error' : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError('');
            }} />
        </label>
        {file && <p className={styles.muted}>{file.name}（{formatFileSize(file.size)}）</p>}
        <label className={styles.check}>
          <input type="checkbox" className={styles.checkInput} checked={withImages} disabled={uploading} onChange={(event) => setWithImages(event.target.checked)} />
          一併匯入圖片（從原網站下載封面與內文圖片）
        </label>
        {error && <p className={styles.fieldError} id="wp-upload-error" role="alert">{error}</p>}
        {uploading && (
          <p role="status">
            <progress max={100} value={Math.round(sent * 100)} aria-label="上傳進度" /> 上傳中 {Math.round(sent * 100)}%{sent >= 1 ? '，正在試算…' : ''}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={uploading}>{uploading ? '上傳中…' : '上傳並試算'}</button>
        </div>
      </form>
    </section>
  );
}
