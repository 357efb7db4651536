import { TICKER_SLOT_MARKER } from '@coinmag/contracts/ticker-slot';

/** The bytes a page's ticker slot takes in every response: the ticker, padded with spaces. */
export const TICKER_HOLE_BYTES = 1024;

/** What fills the ticker slot of a cached page (ticker-feed.ts). */
export interface PageTicker {
  readonly holeBytes: number;
  /** The ticker as it is now, exactly holeBytes long (all spaces when it is left out). */
  hole(): Buffer;
}

const MARKER = Buffer.from(TICKER_SLOT_MARKER);

/**
 * A page already cut at its nonces, cut once more at its ticker slot (the layout's first marker:
 * page text cannot come before the layout's header, and escaped text cannot hold the marker).
 * The holes come back in page order, each a nonce's or the ticker's.
 */
export function cutAtTicker(byNonce: Buffer[]): { pieces: Buffer[]; holes: Array<'nonce' | 'ticker'> } {
  const holes: Array<'nonce' | 'ticker'> = byNonce.slice(1).map(() => 'nonce');
  for (let i = 0; i < byNonce.length; i += 1) {
    const at = byNonce[i]!.indexOf(MARKER);
    if (at === -1) continue;
    const piece = byNonce[i]!;
    const pieces = [...byNonce.slice(0, i), piece.subarray(0, at), piece.subarray(at + MARKER.length), ...byNonce.slice(i + 1)];
    holes.splice(i, 0, 'ticker');
    return { pieces, holes };
  }
  return { pieces: byNonce, holes };
}

/** For a response made whole (not from a kept compressed form): the slot's marker replaced by the ticker. */
export function fillTicker(page: Buffer, ticker: PageTicker | undefined): Buffer {
  if (!ticker) return page;
  const at = page.indexOf(MARKER);
  if (at === -1) return page;
  return Buffer.concat([page.subarray(0, at), ticker.hole(), page.subarray(at + MARKER.length)]);
}

/** The ticker's HTML in exactly `bytes` bytes: padded with spaces; undefined when it is longer. */
export function padToHole(html: string, bytes: number): Buffer | undefined {
  const body = Buffer.from(html);
  if (body.length > bytes) return undefined;
  return Buffer.concat([body, Buffer.alloc(bytes - body.length, 0x20)]);
}
