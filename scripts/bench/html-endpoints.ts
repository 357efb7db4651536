// Rendered HTML (helper "ssr"): the pages `npm run bench` measures next to the API, as
// [row name, path] pairs, given one published article's slug. The gateway serves them from its
// cache once rendered, so the bench measures the same way it measures the API (same ceiling,
// same two runs). The frontends must have been built (`npm start` once, or `npm run build`).
// The rows marked "br" ask as browsers do (Accept-Encoding: gzip, deflate, br, zstd) and get the
// page in brotli; the others ask without Accept-Encoding, as the API rows do. The bare server
// answers each row with the bytes the gateway sent for it.
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export function htmlEndpoints(slug: string): Array<readonly [string, string, string?]> {
  const article = `/article/${encodeURIComponent(slug)}`;
  return [
    ['GET / (home HTML)', '/'],
    ['GET /article/{slug} (HTML)', article],
    ['GET / (home HTML, br)', '/', BROWSER_ACCEPT_ENCODING],
    ['GET /article/{slug} (HTML, br)', article, BROWSER_ACCEPT_ENCODING],
  ];
}
