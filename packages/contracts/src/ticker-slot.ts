/**
 * Where the price ticker goes in a server-rendered page: the layout renders this comment under
 * the header, and the gateway writes the current ticker in its place as it serves the cached
 * page (docs/adr/0017-markets-service-and-ticker-holes.md). Kept free of zod: the shell imports it.
 */
export const TICKER_SLOT_MARKER = '<!--coinmag:ticker-->';
/** The ticker slot's element id (the browser app keeps what the server wrote there). */
export const TICKER_SLOT_ID = 'cm-ticker-slot';
