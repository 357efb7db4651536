// Rendered HTML (helper "ssr"): the pages `npm run bench` measures next to the API, as
// [row name, path] pairs, given one published article's slug. The gateway serves them from its
// cache once rendered, so the bench measures the same way it measures the API (same ceiling,
// same two runs). The frontends must have been built (`npm start` once, or `npm run build`).
export function htmlEndpoints(slug: string): Array<readonly [string, string]> {
  return [
    ['GET / (home HTML)', '/'],
    ['GET /article/{slug} (HTML)', `/article/${encodeURIComponent(slug)}`],
  ];
}
