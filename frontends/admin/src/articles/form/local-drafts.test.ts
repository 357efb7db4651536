import { describe, expect, it } from 'vitest';
import { EMPTY_ARTICLE } from './article-form';
import { autosaveBody, newestNewDraft, readLocalDraft, removeLocalDraft, sameText, valuesFromAutosave, writeLocalDraft, type LocalDraft } from './local-drafts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (value.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

const draft = (overrides: Partial<LocalDraft>): LocalDraft => ({ articleId: null, draftKey: 'draft-aaaaaaaa', values: { ...EMPTY_ARTICLE, title: '草稿' }, baseVersion: null, savedAt: '2026-11-22T10:00:00.000Z', ...overrides });

describe('local drafts', () => {
  it('keeps one copy per article and per new draft, and reads it back', () => {
    const storage = new MemoryStorage();
    writeLocalDraft(storage, draft({ articleId: 7, draftKey: null, values: { ...EMPTY_ARTICLE, content: '<p>七</p>' } }));
    writeLocalDraft(storage, draft({}));
    expect(readLocalDraft(storage, 7, null)?.values.content).toBe('<p>七</p>');
    expect(readLocalDraft(storage, null, 'draft-aaaaaaaa')?.values.title).toBe('草稿');
    removeLocalDraft(storage, 7, null);
    expect(readLocalDraft(storage, 7, null)).toBeNull();
  });

  it('finds the newest new-article copy', () => {
    const storage = new MemoryStorage();
    writeLocalDraft(storage, draft({ draftKey: 'draft-older111', savedAt: '2026-11-22T09:00:00.000Z' }));
    writeLocalDraft(storage, draft({ draftKey: 'draft-newer222', savedAt: '2026-11-22T11:00:00.000Z' }));
    writeLocalDraft(storage, draft({ articleId: 3, draftKey: null, savedAt: '2026-11-22T12:00:00.000Z' }));
    expect(newestNewDraft(storage)?.draftKey).toBe('draft-newer222');
  });

  it('reports a full storage instead of throwing, and ignores a broken copy', () => {
    expect(writeLocalDraft(new MemoryStorage(10), draft({}))).toBe(false);
    const storage = new MemoryStorage();
    storage.setItem('admin-draft:article:4', '{not json');
    expect(readLocalDraft(storage, 4, null)).toBeNull();
  });

  it('compares the text fields, and round-trips a server copy', () => {
    const values = { ...EMPTY_ARTICLE, title: 't', content: '<p>c</p>', tags: ['a'], categoryId: '3', publishedAt: '2026-11-22T10:00' };
    expect(sameText(values, { ...values })).toBe(true);
    expect(sameText(values, { ...values, tags: ['a', 'b'] })).toBe(false);
    const body = autosaveBody(values, 4);
    expect(body).toMatchObject({ category_id: 3, base_version: 4, published_at: '2026-11-22T10:00' });
    expect(valuesFromAutosave(body, EMPTY_ARTICLE)).toEqual({ ...EMPTY_ARTICLE, ...values });
  });
});
