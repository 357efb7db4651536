import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CampaignArticle, CampaignPreview, CampaignState, CampaignView } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { newsletterApi } from '../api/newsletter-api';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { reportSaveError } from '../session/save-failure';
import { toast } from '../toasts/toast-store';

const STATE_TEXT: Record<CampaignState, string> = { draft: '草稿', waiting: '等待文章發布', scheduled: '已排程', sending: '寄送中', sent: '已寄出', cancelled: '已取消' };
const PROGRESS_POLL_MS = 2000;

/** 電子報 (docs/product.md, Newsletter): campaigns with their state and progress, the digest editor, test, send, schedule. */
export function NewsletterPage() {
  const navigate = useNavigate();
  const [campaigns, setCampaigns] = useState<CampaignView[] | null>(null);
  const [editing, setEditing] = useState<CampaignView | null>(null);
  const [subject, setSubject] = useState('');
  const [intro, setIntro] = useState('');
  const [articles, setArticles] = useState<CampaignArticle[]>([]);
  const [testEmail, setTestEmail] = useState('');
  const [at, setAt] = useState('');
  // 預覽: the email as subscribers will see it, rendered by the service from what the editor holds.
  const [preview, setPreview] = useState<CampaignPreview | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => newsletterApi.campaigns().then(setCampaigns, (err: unknown) => reportLoadError(err, '載入資料失敗')), []);
  useEffect(() => {
    document.title = '電子報 | 管理後台';
    void load();
  }, [load]);
  // While one is sending, its progress is read again every 2 seconds.
  useEffect(() => {
    if (!campaigns?.some((campaign) => campaign.state === 'sending' || campaign.state === 'waiting' || campaign.state === 'scheduled')) return;
    const timer = setTimeout(() => void load(), PROGRESS_POLL_MS);
    return () => clearTimeout(timer);
  }, [campaigns, load]);

  const edit = (campaign: CampaignView) => {
    setEditing(campaign);
    setSubject(campaign.subject);
    setIntro(campaign.intro);
    setArticles(campaign.articles);
    setPreview(null);
  };
  const act = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (err) {
      reportSaveError(err, () => navigate('/admin/login', { replace: true }));
    }
    setBusy(false);
  };
  const save = async (): Promise<CampaignView> => {
    const saved = await newsletterApi.save(editing!.id, { subject, intro, articles });
    edit(saved);
    return saved;
  };

  if (!campaigns) return <Spinner label="載入中…" />;
  return (
    <div>
      <h1 className={styles.pageTitle}>電子報</h1>
      <button type="button" className={styles.button} disabled={busy} onClick={() => void act(async () => edit(await newsletterApi.draftDigest()))}>
        草擬每週精選
      </button>
      {editing ? (
        <section className={styles.card} aria-label="編輯電子報">
          <h2>編輯電子報</h2>
          <div className={styles.field}>
            <label htmlFor="campaign-subject">主旨</label>
            <input id="campaign-subject" value={subject} maxLength={200} onChange={(event) => setSubject(event.target.value)} />
          </div>
          <div className={styles.field}>
            <label htmlFor="campaign-intro">開頭文字</label>
            <textarea id="campaign-intro" rows={4} value={intro} maxLength={5000} onChange={(event) => setIntro(event.target.value)} />
          </div>
          <ol>
            {articles.map((article, index) => (
              <li key={article.url}>
                {article.title}{' '}
                <button type="button" className={styles.button} aria-label={`移除 ${article.title}`} onClick={() => setArticles((current) => current.filter((_, i) => i !== index))}>移除</button>
              </li>
            ))}
          </ol>
          <button type="button" className={styles.button} disabled={busy} onClick={() => void act(async () => { await save(); toast.success('已儲存'); })}>儲存</button>{' '}
          <button type="button" className={styles.button} disabled={busy} onClick={() => void act(async () => setPreview(await newsletterApi.preview({ subject, intro, articles })))}>預覽</button>
          <div className={styles.field}>
            <label htmlFor="campaign-test-email">寄測試信到</label>
            <input id="campaign-test-email" type="email" value={testEmail} onChange={(event) => setTestEmail(event.target.value)} />
          </div>
          <button type="button" className={styles.button} disabled={busy} onClick={() => void act(async () => { await save(); const answer = await newsletterApi.test(editing.id, testEmail); toast.success(answer.message); })}>寄送測試信</button>
          <div className={styles.field}>
            <label htmlFor="campaign-at">排程時間（留空：立即寄送）</label>
            <input id="campaign-at" type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} />
          </div>
          <button
            type="button"
            className={styles.button}
            disabled={busy}
            onClick={() =>
              void act(async () => {
                if (!window.confirm(at ? '確定排程寄送這份電子報？' : '確定現在寄給所有訂閱者？')) return;
                await save();
                await newsletterApi.send(editing.id, at ? new Date(at).toISOString() : undefined);
                setEditing(null);
                toast.success(at ? '已排程' : '開始寄送');
                await load();
              })
            }
          >
            {at ? '排程寄送' : '立即寄送'}
          </button>
          {/* Under the actions: a tall preview never moves the buttons an editor reaches for next. */}
          {preview ? (
            <div className={styles.field}>
              <p>主旨：{preview.subject}</p>
              <iframe title="信件預覽" sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={preview.html} style={{ width: '100%', height: '32rem', border: '1px solid #ddd' }} />
            </div>
          ) : null}
        </section>
      ) : null}
      <section className={styles.card} aria-label="電子報列表">
        <table>
          <thead>
            <tr><th>主旨</th><th>類型</th><th>狀態</th><th>進度</th><th></th></tr>
          </thead>
          <tbody data-testid="campaigns">
            {campaigns.map((campaign) => (
              <tr key={campaign.id}>
                <td>{campaign.subject || '（等待文章發布）'}</td>
                <td>{campaign.kind === 'digest' ? '每週精選' : '新文章'}</td>
                <td>{STATE_TEXT[campaign.state]}</td>
                <td>
                  已寄出 {campaign.sent}／{campaign.total}
                  {campaign.failed > 0 ? `，失敗 ${campaign.failed}` : ''}
                </td>
                <td>
                  {campaign.state === 'draft' || campaign.state === 'scheduled' ? (
                    <button type="button" className={styles.button} onClick={() => edit(campaign)}>編輯</button>
                  ) : null}
                  {campaign.state !== 'sent' && campaign.state !== 'cancelled' ? (
                    <button type="button" className={styles.button} disabled={busy} onClick={() => void act(async () => { await newsletterApi.cancel(campaign.id); await load(); })}>取消</button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
