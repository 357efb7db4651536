import { useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { GLOSSARY_LIMITS, type GlossaryImportReport } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { glossaryApi } from '../api/glossary-api';
import { reportSaveError } from '../session/save-failure';
import { toast } from '../toasts/toast-store';

/** The CSV import: a dry run first (what would be added, changed, refused), then all or nothing. */
export function GlossaryImport({ onApplied }: { onApplied: () => void }) {
  const navigate = useNavigate();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<GlossaryImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > GLOSSARY_LIMITS.csvBytes) {
      toast.error('CSV 檔案過大（上限 512 KB）');
      return;
    }
    setCsv(await file.text());
    setReport(null);
  };

  const run = async (apply: boolean) => {
    if (!csv.trim()) {
      toast.error('請先選擇 CSV 檔案或貼上內容');
      return;
    }
    setBusy(true);
    try {
      const result = await glossaryApi.import(csv, apply);
      setReport(result);
      if (result.applied) {
        toast.success(`已匯入：新增 ${result.added.length} 個、更新 ${result.changed.length} 個`);
        onApplied();
      } else if (apply) toast.error('有被拒絕的資料，沒有匯入任何術語');
    } catch (err) {
      reportSaveError(err, () => navigate('/admin/login', { replace: true }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${styles.card} ${styles.form}`} aria-labelledby="glossary-import-title">
      <h2 id="glossary-import-title" className={styles.sectionTitle}>匯入 CSV</h2>
      <p className={styles.hint}>第一行為欄位名稱 name,aliases,definition（或 名稱,別名,定義）；多個別名以「|」或「、」分隔。先試算，確認後才匯入；有任何一行被拒絕時不會匯入任何資料。</p>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="glossary-csv-file">CSV 檔案</label>
        <input id="glossary-csv-file" type="file" accept=".csv,text/csv" onChange={(event) => void pick(event)} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="glossary-csv">CSV 內容</label>
        <textarea id="glossary-csv" className={styles.textarea} value={csv} onChange={(event) => { setCsv(event.target.value); setReport(null); }} />
      </div>
      <div className={styles.actions}>
        <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} disabled={busy} onClick={() => void run(false)}>試算</button>
        <button type="button" className={styles.button} disabled={busy || !report || report.refused.length > 0 || report.applied} onClick={() => void run(true)}>確認匯入</button>
      </div>
      {report && (
        <div role="status" data-testid="glossary-import-report">
          <p>{report.applied ? '已匯入' : '試算結果'}：新增 {report.added.length} 個、更新 {report.changed.length} 個、未變更 {report.unchanged} 個、拒絕 {report.refused.length} 行</p>
          {report.added.length > 0 && <p>新增：{report.added.map((row) => `第 ${row.line} 行「${row.name}」`).join('、')}</p>}
          {report.changed.length > 0 && <p>更新：{report.changed.map((row) => `第 ${row.line} 行「${row.name}」`).join('、')}</p>}
          {report.refused.length > 0 && (
            <ul className={styles.fieldError}>
              {report.refused.map((row) => <li key={`${row.line}-${row.message}`}>第 {row.line} 行：{row.message}</li>)}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
