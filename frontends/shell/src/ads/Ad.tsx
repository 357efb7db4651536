import { useLocation } from 'react-router-dom';
import { isAdFreePath } from './ad-paths';
import { AdSlot, type AdSlotProps } from './AdSlot';

/** An ad slot on a public page; nothing (and nothing to hydrate) when empty or on an ad-free path. */
export function Ad(props: AdSlotProps) {
  const { pathname } = useLocation();
  return isAdFreePath(pathname) ? null : <AdSlot {...props} />;
}
