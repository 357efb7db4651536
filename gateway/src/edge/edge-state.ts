import { RequestState } from '@coinmag/service-kit';
import { newCspNonce } from '../csp/nonce.js';

/**
 * A request's `ctx.state` at the edge: the chassis's (request id, log) and the page's CSP nonce,
 * drawn when first read (most answers are not pages and never need one).
 */
export class EdgeState extends RequestState {
  #nonce: string | undefined;

  get cspNonce(): string {
    return (this.#nonce ??= newCspNonce());
  }

  set cspNonce(value: string) {
    this.#nonce = value;
  }
}
