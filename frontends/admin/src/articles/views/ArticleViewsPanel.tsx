import { useEffect, useState } from 'react';
import type { ArticleViews } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import adminStyles from '../../admin.module.css';
import styles from '../../charts/charts.module.css';
import { numbersApi } from '../../api/numbers-api';
import { formatCount } from '../../charts/numbers-format';
import { bucketIndexOf } from '../../charts/view-labels';
import { Spinner } from '../../components/Spinner';
import { reportLoadError } from '../../session/load-errors';
import { DemoBadge } from '../../views/DemoBadge';
import { SourcesAndDevices } from '../../views/SourcesAndDevices';
import { ViewsTrend } from '../../views/ViewsTrend';

const GRANULARITY_NOTE = { hour: '每小時', day: '每日', month: '每月' } as const;

/** One article's views since its publication (marked on the chart), its sources and devices. */
export function ArticleViewsPanel({ articleId }: { articleId: number }) {
  const [views, setViews] = useState<ArticleViews | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setViews(null);
    numbersApi.articleViews(articleId, controller.signal).then(setViews, (err: unknown) => reportLoadError(err, '載入資料失敗'));
    return () => controller.abort();
  }, [articleId]);

  if (!views) return <Spinner />;
  const published = views.article.published_at;
  const markIndex = published ? bucketIndexOf(views.series.granularity, views.series.points.map((p) => p.at), published) : -1;
  const mark = markIndex >= 0 ? { index: markIndex, label: `發布時間：${formatLongDateTime(published)}` } : undefined;
  return (
    <div data-article-views={views.article.id}>
      <p className={styles.headline}>
        <span className={styles.total} data-total>{formatCount(views.total)}</span>
        <span className={adminStyles.muted}>
          次瀏覽（{published ? `${formatLongDateTime(published)} 發布後` : `${formatLongDateTime(views.from)} 建立後，尚未發布`}，{GRANULARITY_NOTE[views.series.granularity]}，台北時間）
        </span>
        <DemoBadge demo={views.demo} />
      </p>
      <ViewsTrend title={`「${views.article.title}」的瀏覽數`} series={views.series} fileName={`文章瀏覽-${views.article.slug}.csv`} mark={mark} />
      <div style={{ marginTop: 16 }}>
        <SourcesAndDevices sources={views.sources} devices={views.devices} fileSuffix={`article-${views.article.id}`} />
      </div>
    </div>
  );
}
