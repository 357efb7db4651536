export interface EditedArticle {
  id: number;
  title: string;
  updated_at: string;
  created_at: string;
}

/** The last edits, newest first; an article never changed since it was written counts as created. */
export function recentlyEdited<T extends EditedArticle>(articles: readonly T[], count = 5): (T & { created: boolean })[] {
  return [...articles]
    .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id)
    .slice(0, count)
    .map((article) => ({ ...article, created: Math.abs(Date.parse(article.updated_at) - Date.parse(article.created_at)) < 1000 }));
}
