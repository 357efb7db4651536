import { createContext, useContext, type ComponentType } from 'react';
import type { Settings } from '@coinmag/contracts';
import type { InitialPageData } from './data/page-data';

/** What the shell hands the public remote (frontends/shell/src/App.tsx PublicAppProps). */
export interface PublicAppProps {
  settings: Settings;
  SidebarAd: ComponentType<{ className?: string }>;
  /** The state the server rendered the first page with (absent when the page was not server-rendered). */
  initialData?: InitialPageData | null;
}

export const SiteContext = createContext<PublicAppProps | null>(null);

export function useSite(): PublicAppProps {
  const site = useContext(SiteContext);
  if (!site) throw new Error('PublicApp rendered without the shell');
  return site;
}
