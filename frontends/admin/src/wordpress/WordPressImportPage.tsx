import { useEffect, useState } from 'react';
import type { WordPressImport } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { asApiError, isAbort } from '../api/http';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { toast } from '../toasts/toast-store';
import { DryRunReport } from './DryRunReport';
import { ImportProgress } from './ImportProgress';
import { isMoving } from './import-labels';
import { UploadExportForm } from './UploadExportForm';
import { wordpressApi } from './wordpress-api';

/** How often the page reads a running import's progress. */
const FOLLOW_MS = 1000;

/**
 * Moving a WordPress site in (docs/product.md §2, WordPress import): upload an export, read its
 * dry run, confirm or cancel, follow the import. The job runs in the content service, so the
 * page opened again later finds it where it is.
 */
export function WordPressImportPage() {
  const [job, setJob] = useState<WordPressImport | null | undefined>(undefined);
  const [newUpload, setNewUpload] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = '匯入 WordPress | 管理後台';
    const controller = new AbortController();
    wordpressApi.latest(controller.signal).then(setJob, (err: unknown) => {
      reportLoadError(err, '載入匯入狀態失敗');
      if (!isAbort(err)) setJob(null);
    });
    return () => controller.abort();
  }, []);

  const jobId = job?.id;
  const moving = job ? isMoving(job) : false;
  useEffect(() => {
    if (jobId === undefined || !moving) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      wordpressApi.get(jobId, controller.signal).then(setJob, (err: unknown) => reportLoadError(err, '載入匯入狀態失敗'));
    }, FOLLOW_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [jobId, moving, job]);

  const act = async (action: () => Promise<WordPressImport | void>, after: (result: WordPressImport | void) => void) => {
    setBusy(true);
    try {
      after(await action());
    } catch (err) {
      const error = asApiError(err, '操作失敗');
      if (error.status === 401) reportLoadError(err, '操作失敗');
      else toast.error(error.message);
    } finally {
      setBusy(false);
    }
  };

  const uploaded = (next: WordPressImport) => {
    setJob(next);
    setNewUpload(false);
  };

  const showForm = newUpload || job === null || job?.status === 'done' || job?.status === 'failed';

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>匯入 WordPress</h1>
      </header>
      {job === undefined && <Spinner />}
      {job && job.status === 'ready' && !newUpload && (
        <DryRunReport
          job={job}
          busy={busy}
          onConfirm={() => void act(() => wordpressApi.confirm(job.id), (next) => {
            toast.success('已開始匯入');
            setJob(next as WordPressImport);
          })}
          onDiscard={() => void act(() => wordpressApi.discard(job.id), () => {
            toast.success('已取消這筆匯入，沒有寫入任何資料');
            setJob(null);
          })}
        />
      )}
      {job && job.status !== 'ready' && (
        <ImportProgress job={job} busy={busy} onResume={() => void act(() => wordpressApi.resume(job.id), (next) => setJob(next as WordPressImport))} />
      )}
      {job !== undefined && showForm && <UploadExportForm onUploaded={uploaded} />}
      {job?.status === 'ready' && !newUpload && (
        <p className={styles.muted}>
          <button type="button" className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} onClick={() => setNewUpload(true)}>改為上傳另一個檔案</button>
        </p>
      )}
    </>
  );
}
