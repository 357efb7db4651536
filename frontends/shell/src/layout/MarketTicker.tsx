import { useState } from 'react';
import { TICKER_SLOT_ID, TICKER_SLOT_MARKER } from '@coinmag/contracts/ticker-slot';

/**
 * The price ticker's slot under the header. On the server it is the marker the gateway writes the
 * current ticker over as it serves each page (the page's cached bytes never change with prices);
 * in the browser app it keeps what the server wrote, so taking over the page moves nothing.
 */
export function MarketTicker() {
  const [html] = useState(() => (typeof document === 'undefined' ? TICKER_SLOT_MARKER : (document.getElementById(TICKER_SLOT_ID)?.innerHTML ?? '')));
  return <div id={TICKER_SLOT_ID} dangerouslySetInnerHTML={{ __html: html }} />;
}
