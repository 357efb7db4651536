import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { NAVIGATE_EVENT } from '@coinmag/frontend-shared/islands/navigation';
import { inPlaceTarget } from './take-over';

/**
 * Inside the whole app: plain links to public pages (islands render <a>, not the router's Link)
 * and islands' requests to move (a pager) navigate through the router, in place.
 */
export function InPlaceLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const url = inPlaceTarget(event);
      if (!url) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    };
    const onRequest = (event: Event) => void navigate((event as CustomEvent<string>).detail);
    document.addEventListener('click', onClick);
    document.addEventListener(NAVIGATE_EVENT, onRequest);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener(NAVIGATE_EVENT, onRequest);
    };
  }, [navigate]);
  return null;
}
