import { REQUEST_ID_HEADER } from '@coinmag/service-kit';
import { NON_HTML_POLICY } from '../csp/policy.js';
import { SECURITY_HEADERS, setSecurityHeaders } from '../security-headers.js';

const POLICY_HEADER = 'Content-Security-Policy';

/**
 * The headers the edge gives every answer before it is made: the security headers, the policy
 * for anything that is not a page (a page's own replaces it once the answer is known) and the
 * request id. Set one by one on the response for an answer made down the chain (it may be
 * streamed, so they must be there first); written in one list by an answer made at once (the
 * lanes before Koa: a fresh cached API answer or page, a view beacon), which sets nothing on the
 * response before.
 */
export function setEdgeHeaders(res: { setHeader(name: string, value: string): unknown; removeHeader(name: string): void }, requestId: string): void {
  setSecurityHeaders(res);
  res.setHeader(POLICY_HEADER, NON_HTML_POLICY);
  res.setHeader(REQUEST_ID_HEADER, requestId);
}

const LIST: ReadonlyArray<readonly [string, string]> = [...Object.entries(SECURITY_HEADERS), [POLICY_HEADER, NON_HTML_POLICY]];

/**
 * setEdgeHeaders's headers but the request id, as a flat [name, value, …] list for writeHead,
 * leaving out those the answer carries itself (`ownNames`: its own win, as a later setHeader would).
 */
export function edgeHeaderList(ownNames: readonly string[]): string[] {
  const own = new Set(ownNames.map((name) => name.toLowerCase()));
  const list: string[] = [];
  for (const [name, value] of LIST) if (!own.has(name.toLowerCase())) list.push(name, value);
  return list;
}

