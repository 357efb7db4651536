// Hook for rendered HTML (helper "ssr"): the pages `npm run bench` measures next to the API,
// as [row name, path] pairs, given one published article's slug. Return e.g.
//   [['GET / (home HTML)', '/'], ['GET /article/{slug} (HTML)', `/article/${encodeURIComponent(slug)}`]]
// once the gateway renders them from its cache; the bench then measures them the same way
// (same ceiling, same two runs).
export function htmlEndpoints(_slug: string): Array<readonly [string, string]> {
  return [];
}
