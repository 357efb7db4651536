import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { VIEW_PERIODS, type SiteViews, type ViewPeriod } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import adminStyles from '../admin.module.css';
import styles from '../charts/charts.module.css';
import { numbersApi } from '../api/numbers-api';
import { formatCount } from '../charts/numbers-format';
import { Sparkline } from '../charts/Sparkline';
import { VIEW_PERIOD_LABELS, bucketLabel } from '../charts/view-labels';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { ExportButton } from '../numbers/ExportButton';
import { DemoBadge } from '../views/DemoBadge';
import { PeriodTabs } from '../views/PeriodTabs';
import { SourcesAndDevices } from '../views/SourcesAndDevices';
import { ViewsTrend } from '../views/ViewsTrend';

const PANEL_ID = 'site-views-panel';

/** The dashboard's 瀏覽趨勢: the site's views, its top articles with a sparkline each, sources and devices, for a period. */
export function SiteViewsPanel() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period') ?? '';
  const period: ViewPeriod = (VIEW_PERIODS as readonly string[]).includes(asked) ? (asked as ViewPeriod) : '7d';
  const [views, setViews] = useState<SiteViews | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setViews(null);
    numbersApi.views(period, controller.signal).then(setViews, (err: unknown) => reportLoadError(err, '載入資料失敗'));
    return () => controller.abort();
  }, [period]);

  const label = VIEW_PERIOD_LABELS[period];
  const suffix = views ? `${period}-${views.to.slice(0, 10)}` : period;
  const labels = views ? views.series.points.map((p) => bucketLabel(views.series.granularity, p.at)) : [];
  return (
    <section className={adminStyles.card} aria-labelledby="site-views" style={{ marginBottom: 20 }}>
      <div className={adminStyles.pageHeader} style={{ marginBottom: 12 }}>
        <h2 id="site-views" className={adminStyles.sectionTitle} style={{ margin: 0 }}>瀏覽趨勢</h2>
        <PeriodTabs period={period} onChange={(next) => setParams({ period: next }, { replace: true })} panelId={PANEL_ID} />
      </div>
      <div id={PANEL_ID} role="tabpanel" aria-label={`最近 ${label}`} data-period={period}>
        {!views ? <Spinner /> : (
          <>
            <p className={styles.headline}>
              <span className={styles.total} data-total>{formatCount(views.total)}</span>
              <span className={adminStyles.muted}>次瀏覽（最近 {label}，{formatLongDateTime(views.from)} 起，台北時間）</span>
              <DemoBadge demo={views.demo} />
            </p>
            <ViewsTrend title={`全站最近 ${label}的瀏覽數`} series={views.series} fileName={`全站瀏覽-${suffix}.csv`} />

            <div className={adminStyles.pageHeader} style={{ margin: '20px 0 8px' }}>
              <h3 id="top-articles" style={{ margin: 0 }}>熱門文章</h3>
              <ExportButton
                fileName={`熱門文章-${suffix}.csv`}
                header={['排名', '標題', '瀏覽數', ...labels]}
                rows={views.top_articles.map((a, i) => [i + 1, a.title, a.views, ...a.sparkline])}
              />
            </div>
            {views.top_articles.length === 0 ? <p className={adminStyles.empty}>這段期間沒有瀏覽紀錄</p> : (
              <div className={adminStyles.tableWrap}>
                <table className={adminStyles.table} aria-labelledby="top-articles">
                  <thead><tr><th scope="col">排名</th><th scope="col">標題</th><th scope="col">瀏覽數</th><th scope="col">趨勢</th></tr></thead>
                  <tbody>
                    {views.top_articles.map((a, i) => (
                      <tr key={a.id} data-article-id={a.id}>
                        <td>{i + 1}</td>
                        <td><Link to={`/admin/articles/views/${a.id}`} title="查看這篇文章的瀏覽趨勢">{a.title}</Link></td>
                        <td className={adminStyles.nowrap}>{formatCount(a.views)}</td>
                        <td><Sparkline title={a.title} values={a.sparkline} labels={labels} unit="次" /></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div style={{ marginTop: 20 }}>
              <SourcesAndDevices sources={views.sources} devices={views.devices} fileSuffix={suffix} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
