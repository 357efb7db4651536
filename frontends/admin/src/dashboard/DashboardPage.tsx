import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminStats, AuditEvent } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import styles from '../admin.module.css';
import { statsApi } from '../api/admin-api';
import { auditApi } from '../api/audit-api';
import { ACTION_LABELS, actorLabel, subjectLink } from '../audit/audit-labels';
import { reportLoadError } from '../session/load-errors';
import { Spinner } from '../components/Spinner';
import { SiteViewsPanel } from './SiteViewsPanel';

/** How many of the newest log entries the dashboard shows. */
const RECENT_COUNT = 8;

const CARDS: { key: keyof AdminStats; label: string }[] = [
  { key: 'totalArticles', label: '文章總數' },
  { key: 'publishedArticles', label: '已發布' },
  { key: 'draftArticles', label: '草稿' },
  { key: 'totalViews', label: '總瀏覽數' },
  { key: 'totalCategories', label: '分類數' },
  { key: 'totalTags', label: '標籤數' },
];

export function DashboardPage() {
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [recent, setRecent] = useState<AuditEvent[] | null>(null);

  useEffect(() => {
    document.title = '儀表板 | 管理後台';
    const controller = new AbortController();
    statsApi.get().then(setStats, (err: unknown) => reportLoadError(err, '載入資料失敗'));
    auditApi.list({ limit: RECENT_COUNT }, controller.signal).then(
      (log) => setRecent(log.events),
      (err: unknown) => reportLoadError(err, '載入資料失敗'),
    );
    return () => controller.abort();
  }, []);

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>儀表板</h1>
      </header>
      {stats ? (
        <ul className={styles.stats} aria-label="統計">
          {CARDS.map((card) => (
            <li key={card.key} className={styles.stat} data-stat={card.key}>
              <p className={styles.statLabel}>{card.label}</p>
              <p className={styles.statValue}>{stats[card.key].toLocaleString('zh-TW')}</p>
            </li>
          ))}
        </ul>
      ) : (
        <Spinner />
      )}
      <SiteViewsPanel />
      <div className={styles.dashGrid}>
        <section className={styles.card} aria-labelledby="quick-actions">
          <h2 id="quick-actions" className={styles.sectionTitle}>快速操作</h2>
          <div className={styles.actions}>
            <Link to="/admin/articles/new" className={styles.button}>新增文章</Link>
            <Link to="/admin/categories" className={`${styles.button} ${styles.buttonSecondary}`}>管理分類</Link>
            <Link to="/admin/categories" className={`${styles.button} ${styles.buttonSecondary}`}>管理標籤</Link>
          </div>
        </section>
        <section className={styles.card} aria-labelledby="recent-activity">
          <h2 id="recent-activity" className={styles.sectionTitle}>最近活動</h2>
          {!recent ? (
            <Spinner />
          ) : recent.length === 0 ? (
            <p className={styles.muted}>暫無紀錄</p>
          ) : (
            <ul className={styles.activity}>
              {recent.map((event) => {
                const link = subjectLink(event);
                return (
                  <li key={event.id} className={styles.activityItem} data-action={event.action}>
                    <span>
                      {ACTION_LABELS[event.action]}
                      {event.summary && <>：{link ? <Link to={link}>{event.summary}</Link> : event.summary}</>}
                      {event.actor === 'system' && <span className={styles.muted}>（{actorLabel(event.actor)}）</span>}
                    </span>
                    <time className={styles.muted} dateTime={event.at}>{formatLongDateTime(event.at)}</time>
                  </li>
                );
              })}
            </ul>
          )}
          <p><Link to="/admin/activity">查看全部紀錄</Link></p>
        </section>
      </div>
    </>
  );
}
