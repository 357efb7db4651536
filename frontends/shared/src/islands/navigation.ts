/**
 * How an island asks to move to another public page without the router: an event on the
 * document, which the shell answers (islands/take-over.ts before the whole app runs, the app's
 * router after). Links need nothing: the shell takes plain clicks on links to public pages.
 * An event, not a shared module, because the shell and the public remote each bundle this file.
 */
export const NAVIGATE_EVENT = 'coinmag:navigate';

/**
 * Marks a page's retry button (a page whose data could not be read). On a server-rendered page,
 * where no React runs it, the shell answers its press by rendering the page in the app, which
 * reads the data again; in the app its own handler does.
 */
export const RETRY_ATTRIBUTE = 'data-retry';

export function requestNavigation(href: string): void {
  document.dispatchEvent(new CustomEvent<string>(NAVIGATE_EVENT, { detail: href }));
}
