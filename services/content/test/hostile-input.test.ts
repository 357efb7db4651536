import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasUnsafeText } from '@coinmag/service-kit';
import { encodeHostile, HOSTILE_JSON_VALUES, HOSTILE_STRINGS, HOSTILE_URL_STRINGS, showHostile as show, unsafeOnTheWire } from '@coinmag/service-kit/testing';
import { adminClient, articleFields } from './admin-client.js';
import { insertArticle, insertCategory, startContent, type ContentHarness } from './content-harness.js';

/**
 * Every public and admin parameter and body field of the content service, with every hostile
 * value: never a 500, and a character no field may hold (NUL, control, lone surrogate) is a 400
 * naming the field, before anything reaches Postgres.
 */
let api: ContentHarness;
let articleId: number;
let categoryId: number;

beforeAll(async () => {
  api = await startContent();
  categoryId = await insertCategory(api.db);
  articleId = (await insertArticle(api.db, { category_id: categoryId })).id;
});
afterAll(async () => {
  await api?.close();
});

interface Outcome {
  label: string;
  status: number;
  body: unknown;
  unsafe: boolean;
}

/** Runs the calls a few at a time and returns every outcome. */
async function probeAll(calls: Array<{ label: string; unsafe: boolean; run: () => Promise<{ status: number; body: unknown }> }>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const call = calls[next++]!;
      const { status, body } = await call.run();
      outcomes.push({ label: call.label, status, body, unsafe: call.unsafe });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return outcomes;
}

function expectNoServerErrors(outcomes: Outcome[]): void {
  const serverErrors = outcomes.filter((o) => o.status >= 500).map((o) => `${o.status} ${o.label} ${JSON.stringify(o.body).slice(0, 80)}`);
  expect(serverErrors).toEqual([]);
  const accepted = outcomes.filter((o) => o.unsafe && o.status !== 400).map((o) => `${o.status} ${o.label}`);
  expect(accepted).toEqual([]);
  for (const o of outcomes.filter((x) => x.status === 400)) expect(typeof (o.body as { error?: unknown }).error, o.label).toBe('string');
}

describe('content service under hostile input', () => {
  it('answers the NUL-byte search of the report with a 400 naming the parameter', async () => {
    for (const name of ['search', 'category']) {
      const res = await api.get(`/api/articles?${name}=%00`);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(name);
      expect(res.body.error).toMatch(/含有不允許的字元/);
    }
  });

  it('never answers a public query or path with a 500', async () => {
    const calls = [];
    for (const value of HOSTILE_URL_STRINGS) {
      const q = encodeHostile(value);
      const unsafe = unsafeOnTheWire(value);
      for (const name of ['page', 'limit', 'category', 'search']) {
        calls.push({ label: `GET /api/articles?${name}=${show(value)}`, unsafe, run: () => api.get(`/api/articles?${name}=${q}`) });
      }
      for (const list of ['featured', 'carousel', 'latest', 'popular']) {
        calls.push({ label: `GET /api/articles/${list}?limit=${show(value)}`, unsafe, run: () => api.get(`/api/articles/${list}?limit=${q}`) });
      }
      calls.push({ label: `GET /api/articles/${show(value)}`, unsafe, run: () => api.get(`/api/articles/${q}`) });
      calls.push({ label: `POST /api/articles/${show(value)}/views`, unsafe, run: () => api.get(`/api/articles/${q}/views`, { method: 'POST' }) });
      for (const path of ['/api/categories', '/api/categories/header', '/api/settings']) {
        calls.push({ label: `GET ${path}?${show(value)}=${show(value)}`, unsafe, run: () => api.get(`${path}?${q}=${q}`) });
      }
    }
    expectNoServerErrors(await probeAll(calls));
  });

  it('never answers an admin query, path or JSON field with a 500', async () => {
    const admin = adminClient(api);
    const auth = { headers: { authorization: `Bearer ${api.token}` } };
    const calls = [];
    for (const value of HOSTILE_URL_STRINGS) {
      const q = encodeHostile(value);
      const unsafe = unsafeOnTheWire(value);
      for (const name of ['limit', 'page']) {
        calls.push({ label: `GET admin/all?${name}=${show(value)}`, unsafe, run: () => api.get(`/api/articles/admin/all?${name}=${q}`, auth) });
      }
      for (const path of ['/api/articles/admin/', '/api/categories/admin/']) {
        calls.push({ label: `GET ${path}${show(value)}`, unsafe, run: () => api.get(`${path}${q}`, auth) });
        calls.push({ label: `DELETE ${path}${show(value)}`, unsafe, run: () => api.get(`${path}${q}`, { ...auth, method: 'DELETE' }) });
      }
      calls.push({ label: `PUT /api/categories/admin/${show(value)}`, unsafe, run: () => admin.json('PUT', `/api/categories/admin/${q}`, { name: '分類' }) });
      calls.push({ label: `GET /api/admin/stats?x=${show(value)}`, unsafe, run: () => api.get(`/api/admin/stats?x=${q}`, auth) });
    }
    const category = { name: '測試分類', description: '', is_active: true, show_in_header: false, show_in_footer: false, sort_order: 0 };
    const settings = { site_title: '幣圈新手誌', site_description: '', google_adsense_id: '', header_ad_script: '', sidebar_ad_script: '', footer_ad_script: '' };
    for (const value of HOSTILE_JSON_VALUES) {
      const unsafe = typeof value === 'string' && hasUnsafeText(value);
      for (const field of Object.keys(category)) {
        // Many at once with one name: racing creates must not collide on the slug either.
        calls.push({ label: `POST category ${field}=${show(value)}`, unsafe, run: () => admin.json('POST', '/api/categories/admin', { ...category, [field]: value }) });
        calls.push({ label: `PUT category ${field}=${show(value)}`, unsafe, run: () => admin.json('PUT', `/api/categories/admin/${categoryId}`, { ...category, [field]: value }) });
      }
      for (const field of Object.keys(settings)) {
        calls.push({ label: `PUT settings ${field}=${show(value)}`, unsafe, run: () => admin.json('PUT', '/api/settings/admin', { [field]: value }) });
      }
      calls.push({ label: `PUT settings key ${show(value)}`, unsafe, run: () => admin.json('PUT', '/api/settings/admin', typeof value === 'string' ? { [value]: 'x' } : value) });
    }
    expectNoServerErrors(await probeAll(calls));
  }, 120_000);

  it('never answers an article form field with a 500, on create or update', async () => {
    const admin = adminClient(api);
    const calls = [];
    const fieldNames = [...Object.keys(articleFields()), 'slug', 'keep_existing_featured_image'];
    for (const value of HOSTILE_STRINGS) {
      const unsafe = unsafeOnTheWire(value);
      for (const field of fieldNames) {
        // The HTML body has such characters dropped (as an HTML parser would) instead of refused.
        const refused = unsafe && field !== 'content';
        calls.push({ label: `POST article ${field}=${show(value)}`, unsafe: refused, run: () => admin.createArticle(articleFields({ [field]: value })) });
        calls.push({ label: `PUT article ${field}=${show(value)}`, unsafe: refused, run: () => admin.updateArticle(articleId, articleFields({ [field]: value })) });
      }
      // Inside the tags' JSON a NUL or a lone surrogate can be spelt as an escape the form check cannot see.
      calls.push({ label: `POST article tags=[${show(value)}]`, unsafe: hasUnsafeText(value), run: () => admin.createArticle(articleFields({ tags: JSON.stringify([value]) })) });
      // Busboy reads part names as Latin-1: only the C0 controls and DEL arrive as themselves.
      calls.push({ label: `POST article field name ${show(value)}`, unsafe: /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value), run: () => admin.createArticle({ ...articleFields(), [value.slice(0, 200)]: 'x' }) });
    }
    for (const value of HOSTILE_JSON_VALUES) {
      calls.push({ label: `POST article tags=${show(value)}`, unsafe: false, run: () => admin.createArticle(articleFields({ tags: JSON.stringify(value) })) });
      calls.push({ label: `POST article tags=[${show(value)}]`, unsafe: typeof value === 'string' && hasUnsafeText(value), run: () => admin.createArticle(articleFields({ tags: JSON.stringify([value]) })) });
    }
    expectNoServerErrors(await probeAll(calls));
    const body = await admin.createArticle(articleFields({ content: '<p>比特\u0000幣\u0001</p><a href="java\u0000script:alert(1)">x</a>' }));
    expect(body.status).toBe(201);
    expect(body.body.content).toBe('<p>比特幣</p><a>x</a>');
    // The spelt-out escapes of the report: a lone surrogate and a NUL inside the tags.
    for (const tags of ['["\\ud800"]', '["a\\u0000"]']) {
      const res = await admin.createArticle(articleFields({ tags }));
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('tags');
    }
  }, 180_000);
});
