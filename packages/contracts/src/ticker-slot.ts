/**
 * Where the price ticker goes in a server-rendered page: the layout renders this comment under
 * the header, and the gateway writes the current ticker in its place as it serves the cached
 * page (docs/adr/0017-markets-service-and-ticker-holes.md). Kept free of zod: the shell imports it.
 */
export const TICKER_SLOT_MARKER = '<!--coinmag:ticker-->';
/** The ticker slot's element id (the browser app keeps what the server wrote there). */
export const TICKER_SLOT_ID = 'cm-ticker-slot';
/**
 * The ticker as the gateway draws it now (HTML, the slot's content; 204 when there is none), for
 * an open page to refresh its ticker in place without asking the markets service.
 */
export const TICKER_HTML_PATH = '/api/markets/ticker/html';
