import type { ViewDevice, ViewSources } from '@coinmag/contracts';
import adminStyles from '../admin.module.css';
import styles from '../charts/charts.module.css';
import { BarChart } from '../charts/BarChart';
import { formatCount } from '../charts/numbers-format';
import { DEVICE_LABELS, SOURCE_KIND_LABELS, formatShare } from '../charts/view-labels';
import { ExportButton } from '../numbers/ExportButton';

interface SourcesAndDevicesProps {
  sources: ViewSources;
  devices: Array<{ device: ViewDevice; views: number }>;
  /** Names the CSV files (the period or the article). */
  fileSuffix: string;
}

const DEVICE_COLOURS: Record<ViewDevice, string> = { phone: '#b45309', tablet: '#0f766e', desktop: '#1d4ed8' };

/** 來源 (搜尋引擎, 社群 by network, 直接, other sites by host) and 裝置 (手機, 平板, 電腦), each with its table and CSV. */
export function SourcesAndDevices({ sources, devices, fileSuffix }: SourcesAndDevicesProps) {
  const total = sources.kinds.reduce((sum, kind) => sum + kind.views, 0);
  const deviceTotal = devices.reduce((sum, d) => sum + d.views, 0);
  return (
    <div className={styles.grid2}>
      <section aria-labelledby={`sources-${fileSuffix}`}>
        <div className={adminStyles.pageHeader} style={{ marginBottom: 8 }}>
          <h3 id={`sources-${fileSuffix}`} style={{ margin: 0 }}>來源</h3>
          <ExportButton
            fileName={`來源-${fileSuffix}.csv`}
            header={['來源', '類型', '瀏覽數', '占比']}
            rows={sources.top.map((s) => [s.label, SOURCE_KIND_LABELS[s.kind], s.views, formatShare(s.views, total)])}
          />
        </div>
        <p className={adminStyles.muted} style={{ marginTop: 0 }}>
          {sources.kinds.map((k) => `${SOURCE_KIND_LABELS[k.kind]} ${formatShare(k.views, total)}`).join('・')}
        </p>
        {sources.top.length === 0 ? <p className={adminStyles.empty}>這段期間沒有瀏覽紀錄</p> : (
          <>
            <BarChart title="各來源的瀏覽數" bars={sources.top.map((s) => ({ label: s.label, value: s.views }))} unit="次" max={10} />
            <div className={adminStyles.tableWrap}>
              <table className={adminStyles.table} aria-label="來源">
                <thead><tr><th scope="col">來源</th><th scope="col">類型</th><th scope="col">瀏覽數</th><th scope="col">占比</th></tr></thead>
                <tbody>
                  {sources.top.map((s) => (
                    <tr key={`${s.kind}-${s.label}`}><td>{s.label}</td><td className={adminStyles.nowrap}>{SOURCE_KIND_LABELS[s.kind]}</td><td>{formatCount(s.views)}</td><td>{formatShare(s.views, total)}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      <section aria-labelledby={`devices-${fileSuffix}`}>
        <div className={adminStyles.pageHeader} style={{ marginBottom: 8 }}>
          <h3 id={`devices-${fileSuffix}`} style={{ margin: 0 }}>裝置</h3>
          <ExportButton fileName={`裝置-${fileSuffix}.csv`} header={['裝置', '瀏覽數', '占比']} rows={devices.map((d) => [DEVICE_LABELS[d.device], d.views, formatShare(d.views, deviceTotal)])} />
        </div>
        <div className={styles.split} aria-hidden="true">
          {devices.map((d) => <span key={d.device} className={styles.splitPart} style={{ width: formatShare(d.views, deviceTotal), background: DEVICE_COLOURS[d.device] }} />)}
        </div>
        <BarChart title="各裝置的瀏覽數" bars={devices.map((d) => ({ label: DEVICE_LABELS[d.device], value: d.views }))} unit="次" />
        <div className={adminStyles.tableWrap}>
          <table className={adminStyles.table} aria-label="裝置">
            <thead><tr><th scope="col">裝置</th><th scope="col">瀏覽數</th><th scope="col">占比</th></tr></thead>
            <tbody>
              {devices.map((d) => <tr key={d.device}><td>{DEVICE_LABELS[d.device]}</td><td>{formatCount(d.views)}</td><td>{formatShare(d.views, deviceTotal)}</td></tr>)}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
