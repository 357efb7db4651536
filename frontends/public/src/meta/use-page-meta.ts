import { useEffect } from 'react';
import { buildPageHead, type PageMetaInput } from '@coinmag/rules';
import { useSite } from '../site-context';

export type PageMeta = Omit<PageMetaInput, 'origin' | 'siteTitle'>;

/** Replaces the page's managed head elements (the server writes the first set, marked data-page-meta). */
export function applyPageMeta(input: PageMetaInput): void {
  const head = buildPageHead(input);
  document.title = head.title;
  for (const old of Array.from(document.head.querySelectorAll('[data-page-meta]'))) old.remove();
  const fragment = document.createDocumentFragment();
  for (const { tag, attrs, text } of head.tags) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    element.setAttribute('data-page-meta', '');
    if (text) element.textContent = text;
    fragment.append(element);
  }
  document.head.append(fragment);
}

/** Sets title, description, canonical, Open Graph, Twitter and JSON-LD for the current page. */
export function usePageMeta(meta: PageMeta | null): void {
  const { settings } = useSite();
  const key = meta ? JSON.stringify(meta) : '';
  useEffect(() => {
    if (!meta) return;
    applyPageMeta({ ...meta, origin: window.location.origin, siteTitle: settings.site_title });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, settings.site_title]);
}
