import { createContext, useContext, type ComponentType } from 'react';
import type { Settings } from '@coinmag/contracts';

/** What the shell hands the public remote (frontends/shell/src/App.tsx PublicAppProps). */
export interface PublicAppProps {
  settings: Settings;
  SidebarAd: ComponentType<{ className?: string }>;
}

export const SiteContext = createContext<PublicAppProps | null>(null);

export function useSite(): PublicAppProps {
  const site = useContext(SiteContext);
  if (!site) throw new Error('PublicApp rendered without the shell');
  return site;
}
