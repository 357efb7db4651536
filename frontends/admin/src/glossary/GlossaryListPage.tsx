import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { GLOSSARY_LIMITS, type AdminGlossaryTerm } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { glossaryApi } from '../api/glossary-api';
import { asApiError } from '../api/http';
import { Spinner } from '../components/Spinner';
import { confirmDelete } from '../components/confirm';
import { reportLoadError } from '../session/load-errors';
import { reportSaveError } from '../session/save-failure';
import { toast } from '../toasts/toast-store';
import { GlossaryImport } from './GlossaryImport';

/** /admin/glossary: the terms with a search, delete, the links-per-article setting and the CSV import. */
export function GlossaryListPage() {
  const navigate = useNavigate();
  const [terms, setTerms] = useState<AdminGlossaryTerm[] | null>(null);
  const [search, setSearch] = useState('');
  const [maxLinks, setMaxLinks] = useState<string>('');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    document.title = '術語表 | 管理後台';
    glossaryApi.settings().then((settings) => setMaxLinks(String(settings.max_links)), () => {});
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      glossaryApi.list(search.trim(), controller.signal).then((list) => setTerms(list.terms), (err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        reportLoadError(err, '載入資料失敗');
        setTerms([]);
      });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, reload]);

  const remove = async (term: AdminGlossaryTerm) => {
    if (!confirmDelete()) return;
    try {
      await glossaryApi.remove(term.id);
      toast.success('已刪除');
      setTerms((current) => current?.filter((row) => row.id !== term.id) ?? null);
    } catch (err) {
      const error = asApiError(err, '刪除失敗');
      if (error.status === 401) reportLoadError(err, '刪除失敗');
      else toast.error(error.serverError ? `刪除失敗：${error.serverError}` : '刪除失敗');
    }
  };

  const saveSettings = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(maxLinks);
    if (!Number.isInteger(value) || value < 0 || value > GLOSSARY_LIMITS.maxLinksMax) {
      toast.error(`連結數必須是 0 到 ${GLOSSARY_LIMITS.maxLinksMax} 的整數`);
      return;
    }
    try {
      await glossaryApi.saveSettings(value);
      toast.success('設定已儲存');
    } catch (err) {
      reportSaveError(err, () => navigate('/admin/login', { replace: true }));
    }
  };

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>術語表</h1>
        <Link to="/admin/glossary/new" className={styles.button}>新增術語</Link>
      </header>
      <form className={`${styles.card} ${styles.form}`} onSubmit={saveSettings} aria-label="術語連結設定">
        <div className={styles.field}>
          <label className={styles.label} htmlFor="glossary-max-links">每篇文章最多連結幾個術語</label>
          <input id="glossary-max-links" type="number" min={0} max={GLOSSARY_LIMITS.maxLinksMax} step={1} className={styles.input} value={maxLinks} onChange={(event) => setMaxLinks(event.target.value)}
            aria-describedby="glossary-max-links-hint" />
          <p id="glossary-max-links-hint" className={styles.hint}>每個術語只在文章中第一次出現時加上連結；0 表示全站不加連結。</p>
        </div>
        <div className={styles.actions}>
          <button type="submit" className={`${styles.button} ${styles.buttonSecondary}`}>儲存設定</button>
        </div>
      </form>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="glossary-search">搜尋術語</label>
        <input id="glossary-search" type="search" className={styles.input} value={search} placeholder="名稱、別名或定義" onChange={(event) => setSearch(event.target.value)} />
      </div>
      {!terms ? (
        <Spinner />
      ) : (
        <div className={`${styles.card} ${styles.tableWrap}`}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">名稱</th>
                <th scope="col">別名</th>
                <th scope="col">一句話定義</th>
                <th scope="col">狀態</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {terms.length === 0 && (
                <tr>
                  <td colSpan={5} className={styles.empty}>{search.trim() ? '找不到符合的術語' : '暫無術語'}</td>
                </tr>
              )}
              {terms.map((term) => (
                <tr key={term.id} data-term-id={term.id}>
                  <td className={styles.nowrap}>{term.name}</td>
                  <td>{term.aliases.join('、') || '—'}</td>
                  <td>{term.definition}</td>
                  <td>
                    <span className={`${styles.badge} ${term.status === 'published' ? styles.badgePublished : styles.badgeDraft}`}>{term.status === 'published' ? '已發布' : '草稿'}</span>
                  </td>
                  <td>
                    <div className={styles.rowActions}>
                      <Link className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} to={`/admin/glossary/edit/${term.id}`} aria-label={`編輯「${term.name}」`}>編輯</Link>
                      <button type="button" className={`${styles.button} ${styles.buttonDanger} ${styles.buttonSmall}`} onClick={() => void remove(term)} aria-label={`刪除「${term.name}」`}>刪除</button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <GlossaryImport onApplied={() => setReload((n) => n + 1)} />
    </>
  );
}
