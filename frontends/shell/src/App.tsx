import { createContext, useContext, useEffect, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { HeaderCategory, Settings } from '@coinmag/contracts';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { MarketTicker } from './layout/MarketTicker';
import { Spinner } from './layout/Spinner';
import { Ad } from './ads/Ad';
import { isAdFreePath } from './ads/ad-paths';
import { adsWereInjected, injectAdNetwork } from './ads/inject-markup';
import { RemoteRoute } from './mf/RemoteRoute';
import { useSettings } from './settings/settings-store';
import styles from './layout/layout.module.css';

/** What the public remote's PublicApp receives from the shell. */
export interface PublicAppProps {
  settings: Settings;
  SidebarAd: ComponentType<{ className?: string }>;
  initialData?: { key: string; state: unknown } | null;
}

/** What a server-rendered page was rendered with (embedded in it as JSON, so hydration matches). */
export interface BootData {
  settings: Settings;
  headerCategories: HeaderCategory[] | null;
  page: { key: string; state: unknown } | null;
}

/** The settings the layout renders with (the server's and the hydrating browser's are the same). */
const LayoutSettings = createContext<Settings | null>(null);

function SidebarAd({ className }: { className?: string }) {
  const markup = useContext(LayoutSettings)?.sidebar_ad_script;
  return <Ad markup={markup} placement="sidebar" className={className} />;
}

function PublicLayout({ boot }: { boot: BootData | null }) {
  const settings = useSettings((state) => state.settings) ?? boot?.settings ?? null;
  const load = useSettings((state) => state.load);
  const { pathname } = useLocation();

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (settings?.google_adsense_id && !isAdFreePath(pathname)) injectAdNetwork(settings.google_adsense_id);
  }, [settings?.google_adsense_id, pathname]);

  if (!settings) return <Spinner label="載入內容中…" />;
  return (
    <LayoutSettings.Provider value={settings}>
      <a href="#main" className={styles.skipLink}>跳到主要內容</a>
      <Header siteTitle={settings.site_title} initialCategories={boot?.headerCategories} />
      {/* The header ad right below the header (docs/product.md), then the price ticker. */}
      <Ad markup={settings.header_ad_script} placement="header" />
      <MarketTicker />
      <main id="main" className={styles.main}>
        <RemoteRoute<PublicAppProps> alias="public" exposed="./PublicApp" props={{ settings, SidebarAd, initialData: boot?.page ?? null }} />
      </main>
      {/* A subscription's own pages (confirm, preferences, unsubscribe) offer no second subscribe form. */}
      <Footer settings={settings} subscribe={!pathname.startsWith('/newsletter/')} />
    </LayoutSettings.Provider>
  );
}

function AdminArea() {
  useEffect(() => {
    document.title = '管理後台';
  }, []);
  return <RemoteRoute<Record<string, never>> alias="admin" exposed="./AdminApp" props={{}} />;
}

export function App({ boot = null }: { boot?: BootData | null }) {
  const { pathname } = useLocation();
  const adFree = isAdFreePath(pathname);

  // Ad scripts may have added nodes and timers anywhere; a full load is the only way to be rid of them.
  useEffect(() => {
    if (adFree && adsWereInjected()) window.location.reload();
  }, [adFree]);

  return (
    <Routes>
      <Route path="/admin/*" element={<AdminArea />} />
      <Route path="*" element={<PublicLayout boot={boot} />} />
    </Routes>
  );
}
