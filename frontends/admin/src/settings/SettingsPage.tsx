import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AdminSettings, Settings } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { settingsApi } from '../api/admin-api';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { reportSaveError } from '../session/save-failure';
import { toast } from '../toasts/toast-store';
import { changedSettings } from './changed-settings';

/** The form's fields: the public settings and the admin-only IndexNow key. */
type SettingsForm = Omit<AdminSettings, 'version'>;

const TEXT_FIELDS: { key: keyof Settings; label: string }[] = [
  { key: 'site_title', label: '網站標題' },
  { key: 'site_description', label: '網站描述' },
  { key: 'google_adsense_id', label: 'Google AdSense 發布商 ID' },
];
const SCRIPT_FIELDS: { key: keyof Settings; label: string }[] = [
  { key: 'header_ad_script', label: '頁首廣告程式碼' },
  { key: 'sidebar_ad_script', label: '側邊欄廣告程式碼' },
  { key: 'footer_ad_script', label: '頁尾廣告程式碼' },
];

export function SettingsPage() {
  const navigate = useNavigate();
  const [settings, setSettings] = useState<SettingsForm | null>(null);
  const [saved, setSaved] = useState<SettingsForm | null>(null);
  const [saving, setSaving] = useState(false);
  /** The version the form was loaded at; a save over a newer one is refused with 409. */
  const [version, setVersion] = useState<number | undefined>(undefined);

  useEffect(() => {
    document.title = '網站設定 | 管理後台';
    settingsApi.get().then(
      (loaded) => {
        const { version: loadedVersion, ...fields } = loaded as AdminSettings;
        setSettings(fields);
        setSaved(fields);
        setVersion(loadedVersion);
      },
      (err: unknown) => reportLoadError(err, '載入資料失敗'),
    );
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings || saving) return;
    setSaving(true);
    try {
      const { version: storedVersion, ...stored } = (await settingsApi.update({ ...changedSettings(saved, settings), ...(version !== undefined ? { version } : {}) })) as AdminSettings;
      setSettings(stored);
      setSaved(stored);
      setVersion(storedVersion);
      toast.success('設定已儲存');
      setSaving(false);
    } catch (err) {
      if (!reportSaveError(err, () => navigate('/admin/login', { replace: true }))) setSaving(false);
    }
  };

  if (!settings) return <Spinner />;
  const set = (key: keyof SettingsForm, value: string) => setSettings({ ...settings, [key]: value });

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>網站設定</h1>
      </header>
      <form className={`${styles.card} ${styles.form}`} onSubmit={submit} aria-label="網站設定">
        {TEXT_FIELDS.map(({ key, label }) =>
          key === 'site_description' ? (
            <div key={key} className={styles.field}>
              <label className={styles.label} htmlFor={`settings-${key}`}>{label}</label>
              <textarea id={`settings-${key}`} className={`${styles.textarea} ${styles.textareaPlain}`} value={settings[key]} onChange={(event) => set(key, event.target.value)} />
            </div>
          ) : (
            <div key={key} className={styles.field}>
              <label className={styles.label} htmlFor={`settings-${key}`}>{label}</label>
              <input id={`settings-${key}`} className={styles.input} value={settings[key]} onChange={(event) => set(key, event.target.value)}
                placeholder={key === 'google_adsense_id' ? 'ca-pub-0000000000000000' : undefined} />
            </div>
          ),
        )}
        {SCRIPT_FIELDS.map(({ key, label }) => (
          <div key={key} className={styles.field}>
            <label className={styles.label} htmlFor={`settings-${key}`}>{label}</label>
            <textarea id={`settings-${key}`} className={styles.textarea} rows={6} spellCheck={false} value={settings[key]} onChange={(event) => set(key, event.target.value)} />
          </div>
        ))}
        <p className={styles.note}>說明：廣告程式碼會原樣插入公開頁面，後台頁面不會載入。</p>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="settings-indexnow_key">IndexNow 金鑰</label>
          <input id="settings-indexnow_key" className={styles.input} value={settings.indexnow_key} spellCheck={false} autoComplete="off"
            onChange={(event) => set('indexnow_key', event.target.value)} placeholder="8 到 128 個英文字母、數字或連字號" />
        </div>
        <p className={styles.note}>說明：設定 IndexNow 金鑰後，文章發布、更新、取消發布或刪除時會通知搜尋引擎；金鑰檔案位於網站根目錄的「金鑰.txt」。留空則不通知。</p>
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={saving} aria-busy={saving}>{saving ? '儲存中…' : '儲存'}</button>
        </div>
      </form>
    </>
  );
}
