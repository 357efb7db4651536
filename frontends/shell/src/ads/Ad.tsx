import { useLocation } from 'react-router-dom';
import { isAdFreePath } from './ad-paths';
import { AdSlot, AdSlotIsland, type AdSlotProps } from './AdSlot';
import { isPlainMarkup } from './plain-markup';

/**
 * An ad slot on a public page: plain markup is the server's HTML and needs no script; markup with
 * scripts is an island; an empty slot or an ad-free path renders nothing and hydrates nothing.
 */
export function Ad(props: AdSlotProps) {
  const { pathname } = useLocation();
  if (!props.markup?.trim() || isAdFreePath(pathname)) return null;
  return isPlainMarkup(props.markup) ? <AdSlot {...props} /> : <AdSlotIsland {...props} />;
}
