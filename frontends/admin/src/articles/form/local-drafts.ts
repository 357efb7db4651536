import type { AutosaveInput } from '@coinmag/contracts';
import type { ArticleFormValues } from './article-form';

/** A copy of the form kept in the browser at every change, until the article is saved. */
export interface LocalDraft {
  articleId: number | null;
  /** A new article's key (also its server copy's key). */
  draftKey: string | null;
  values: ArticleFormValues;
  /** The article version the copy was typed over (null for a new article). */
  baseVersion: number | null;
  savedAt: string;
}

const PREFIX = 'admin-draft:';

export function draftStorageKey(articleId: number | null, draftKey: string | null): string {
  return articleId ? `${PREFIX}article:${articleId}` : `${PREFIX}new:${draftKey ?? ''}`;
}

export function newDraftKey(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  return `draft-${random}`;
}

/** Writes the copy; false when the browser refuses (storage full or disabled). */
export function writeLocalDraft(storage: Storage, draft: LocalDraft): boolean {
  try {
    storage.setItem(draftStorageKey(draft.articleId, draft.draftKey), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

function parse(raw: string | null): LocalDraft | null {
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as LocalDraft;
    return draft && typeof draft.savedAt === 'string' && draft.values && typeof draft.values.content === 'string' ? draft : null;
  } catch {
    return null;
  }
}

export function readLocalDraft(storage: Storage, articleId: number | null, draftKey: string | null): LocalDraft | null {
  try {
    return parse(storage.getItem(draftStorageKey(articleId, draftKey)));
  } catch {
    return null;
  }
}

/** The newest copy of a new, never-saved article. */
export function newestNewDraft(storage: Storage): LocalDraft | null {
  let newest: LocalDraft | null = null;
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (!key?.startsWith(`${PREFIX}new:`)) continue;
      const draft = parse(storage.getItem(key));
      if (draft && (!newest || draft.savedAt > newest.savedAt)) newest = draft;
    }
  } catch {
    return newest;
  }
  return newest;
}

export function removeLocalDraft(storage: Storage, articleId: number | null, draftKey: string | null): void {
  try {
    storage.removeItem(draftStorageKey(articleId, draftKey));
  } catch {
    /* storage disabled: nothing was kept */
  }
}

/** The fields a copy holds that the article itself may differ in. */
const COMPARED: (keyof ArticleFormValues)[] = ['title', 'content', 'excerpt', 'slug', 'categoryId', 'status', 'publishedAt', 'recommendation', 'isCarousel', 'carouselOrder', 'metaTitle', 'metaDescription', 'tags', 'coverAlt'];

export function sameText(a: ArticleFormValues, b: ArticleFormValues): boolean {
  return COMPARED.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** The server copy's body: the fields a revision keeps. */
export function autosaveBody(values: ArticleFormValues, baseVersion: number | null): AutosaveInput {
  return {
    title: values.title.slice(0, 200),
    excerpt: values.excerpt.slice(0, 1000),
    content: values.content,
    meta_title: values.metaTitle.slice(0, 200),
    meta_description: values.metaDescription.slice(0, 500),
    tags: values.tags.slice(0, 30).map((tag) => tag.slice(0, 30)),
    category_id: values.categoryId ? Number(values.categoryId) : null,
    status: values.status,
    published_at: values.publishedAt || null,
    base_version: baseVersion,
  };
}

/** A server copy back into form values (fields it does not keep come from `current`). */
export function valuesFromAutosave(copy: AutosaveInput, current: ArticleFormValues): ArticleFormValues {
  return {
    ...current,
    title: copy.title,
    excerpt: copy.excerpt,
    content: copy.content,
    metaTitle: copy.meta_title,
    metaDescription: copy.meta_description,
    tags: [...copy.tags],
    categoryId: copy.category_id === null ? '' : String(copy.category_id),
    status: copy.status,
    publishedAt: copy.published_at ?? '',
  };
}
