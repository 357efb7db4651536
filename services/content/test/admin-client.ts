import type { ContentHarness } from './content-harness.js';

export type Fields = Record<string, string>;

export const articleFields = (overrides: Fields = {}): Fields => ({
  title: '比特幣入門',
  content: '<h2>什麼是比特幣</h2><p>內容</p>',
  excerpt: '',
  category_id: '',
  status: 'published',
  is_featured: 'false',
  is_popular: 'false',
  is_carousel: 'false',
  carousel_order: '',
  meta_title: '',
  meta_description: '',
  tags: '[]',
  published_at: '',
  ...overrides,
});

function form(fields: Fields, file?: { name: string; data: Uint8Array; type: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append('featured_image', new Blob([file.data as BlobPart], { type: file.type }), file.name);
  return body;
}

/** Calls the admin API the way the admin frontend does. */
export function adminClient(api: ContentHarness, token = api.token) {
  const auth = { authorization: `Bearer ${token}` };
  return {
    createArticle: (fields: Fields, file?: { name: string; data: Uint8Array; type: string }) =>
      api.get('/api/articles/admin', { method: 'POST', body: form(fields, file), headers: auth }),
    updateArticle: (id: number, fields: Fields) => api.get(`/api/articles/admin/${id}`, { method: 'PUT', body: form(fields), headers: auth }),
    getArticle: (id: number) => api.get(`/api/articles/admin/${id}`, { headers: auth }),
    deleteArticle: (id: number) => api.get(`/api/articles/admin/${id}`, { method: 'DELETE', headers: auth }),
    listArticles: (query = '?limit=100') => api.get(`/api/articles/admin/all${query}`, { headers: auth }),
    json: (method: string, path: string, body?: unknown) =>
      api.get(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }),
  };
}
