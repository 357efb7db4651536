import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, articleFields } from './admin-client.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';

const term = (overrides: Record<string, unknown> = {}) => ({ name: '冷錢包', aliases: ['cold wallet', '冷钱包'], definition: '不連網保存私鑰的錢包。', status: 'published', ...overrides });

describe('the glossary: terms, their pages, and links in article bodies', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let coldWalletId: number;

  beforeAll(async () => {
    api = await startContent();
    admin = adminClient(api);
    const created = await admin.json('POST', '/api/glossary/admin/terms', term({ slug: 'cold-wallet' }));
    expect(created.status).toBe(201);
    coldWalletId = created.body.id;
    await insertArticle(api.db, { slug: 'wallets', title: '錢包入門', content: '<h2>冷錢包是什麼</h2><p>很多人把幣放在冷錢包。以太坊經典與以太坊不同。</p><p>Cold Wallet 再說一次。</p>', published_at: new Date(Date.now() - 60_000) });
    await insertArticle(api.db, { slug: 'draft-wallet', title: '草稿', content: '<p>冷錢包</p>', status: 'draft' });
  });
  afterAll(() => api.close());

  it('links the first occurrence of a published term in an article body, outside its headings', async () => {
    const { body } = await api.get('/api/articles/wallets');
    expect(body.content).toContain('<h2 id="heading-1">冷錢包是什麼</h2>');
    expect(body.content.match(/class="gl-term"/g)).toHaveLength(1);
    expect(body.content).toContain('<a class="gl-term" href="/glossary/cold-wallet" aria-describedby="gl-tip-1">冷錢包</a><span class="gl-tip" role="tooltip" id="gl-tip-1">不連網保存私鑰的錢包。</span>');
  });

  it('links the terms of a draft opened by its preview link, as publishing will', async () => {
    const draft = await admin.createArticle(articleFields({ title: '草稿預覽', content: '<p>冷錢包草稿</p>', status: 'draft' }));
    const made = await admin.json('POST', `/api/articles/admin/${draft.body.id}/preview-links`, {});
    const preview = await api.get(`/api${made.body.path}`);
    expect(preview.body.article.content).toContain('<a class="gl-term" href="/glossary/cold-wallet"');
  });

  it('shows a new term and a new alias at the very next read of the article', async () => {
    const before = await api.get('/api/articles/wallets');
    expect(before.body.content).not.toContain('/glossary/ethereum');
    const eth = await admin.json('POST', '/api/glossary/admin/terms', term({ name: '以太坊', aliases: ['ETH'], definition: '支援智能合約的區塊鏈。', slug: 'ethereum' }));
    expect(eth.status).toBe(201);
    const etc = await admin.json('POST', '/api/glossary/admin/terms', term({ name: '以太坊經典', aliases: [], definition: '以太坊分叉前的原鏈。', slug: 'ethereum-classic' }));
    expect(etc.status).toBe(201);
    const after = await api.get('/api/articles/wallets');
    expect(after.body.content).toContain('href="/glossary/ethereum-classic" aria-describedby="gl-tip-2">以太坊經典</a>');
    expect(after.body.content).toContain('href="/glossary/ethereum" aria-describedby="gl-tip-3">以太坊</a>');
  });

  it('drops the links of a term unpublished, at the next read', async () => {
    await admin.json('PUT', `/api/glossary/admin/terms/${coldWalletId}`, term({ slug: 'cold-wallet', status: 'draft' }));
    expect((await api.get('/api/articles/wallets')).body.content).not.toContain('/glossary/cold-wallet');
    expect((await api.get('/api/glossary/cold-wallet')).status).toBe(404);
    await admin.json('PUT', `/api/glossary/admin/terms/${coldWalletId}`, term({ slug: 'cold-wallet' }));
    expect((await api.get('/api/articles/wallets')).body.content).toContain('/glossary/cold-wallet');
  });

  it('obeys the number of links per article the admin sets, and an article that turned linking off', async () => {
    expect((await admin.json('PUT', '/api/glossary/admin/settings', { max_links: 1 })).body).toEqual({ max_links: 1 });
    expect((await api.get('/api/articles/wallets')).body.content.match(/class="gl-term"/g)).toHaveLength(1);
    await admin.json('PUT', '/api/glossary/admin/settings', { max_links: 10 });

    const created = await admin.createArticle(articleFields({ title: '不連結', content: '<p>冷錢包</p>', slug: 'no-links', glossary_links: 'false' }));
    expect(created.status).toBe(201);
    expect(created.body.glossary_links).toBe(false);
    expect((await api.get('/api/articles/no-links')).body.content).toBe('<p>冷錢包</p>');
    await admin.updateArticle(created.body.id, articleFields({ title: '不連結', content: '<p>冷錢包</p>', slug: 'no-links', glossary_links: 'true' }));
    expect((await api.get('/api/articles/no-links')).body.content).toContain('gl-term');
  });

  it('refuses a name or alias another term has, naming that term', async () => {
    const alias = await admin.json('POST', '/api/glossary/admin/terms', term({ name: '硬體錢包', aliases: ['冷錢包'], slug: '' }));
    expect(alias.status).toBe(409);
    expect(alias.body.error).toBe('「冷錢包」已是術語「冷錢包」的名稱');
    const other = await admin.json('POST', '/api/glossary/admin/terms', term({ name: '硬體錢包', aliases: ['COLD WALLET'], slug: '' }));
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('「COLD WALLET」已是「冷錢包」的別名');
    const list = await admin.json('GET', '/api/glossary/admin/terms');
    expect(list.body.terms.map((t: { name: string }) => t.name)).not.toContain('硬體錢包');
  });

  it('refuses spellings that would link everywhere and fields past their bounds', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '幣', aliases: [] }, '名稱至少要有 2 個字'],
      [{ name: '穩定幣', aliases: ['X'] }, '別名「X」至少要有 2 個字母'],
      [{ name: '穩定幣', aliases: ['Ｕ'] }, '別名「Ｕ」至少要有 2 個字母'],
      [{ name: '穩定幣', definition: '很'.repeat(121) }, '一句話定義最多 120 個字'],
      [{ name: '穩定幣', definition: '' }, '請輸入一句話定義'],
      [{ name: '穩'.repeat(41) }, '名稱最多 40 個字'],
      [{ name: '穩定幣', aliases: ['<b>'] }, '別名「<b>」不可包含 < > & " 符號'],
    ];
    for (const [overrides, message] of cases) {
      const res = await admin.json('POST', '/api/glossary/admin/terms', term({ slug: '', ...overrides }));
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it('serves the glossary grouped by Zhuyin then Latin letters, and a term page with related terms and the articles using it', async () => {
    const defi = await admin.json('POST', '/api/glossary/admin/terms', term({ name: 'DeFi', aliases: ['去中心化金融'], definition: '不靠銀行的金融服務。', slug: 'defi', related_ids: [coldWalletId] }));
    expect(defi.status).toBe(201);
    const index = await api.get('/api/glossary');
    expect(index.body.groups.map((g: { label: string }) => g.label)).toEqual(['ㄌ', 'ㄧ', 'D']);
    expect(index.body.groups[1].terms.map((t: { name: string }) => t.name)).toEqual(['以太坊', '以太坊經典']);

    const page = await api.get('/api/glossary/cold-wallet');
    expect(page.status).toBe(200);
    // The Simplified alias (冷钱包) is matched in bodies but never shown: the site shows Traditional Chinese only.
    expect(page.body).toMatchObject({ name: '冷錢包', aliases: ['cold wallet'], definition: '不連網保存私鑰的錢包。', pagination: { page: 1, pages: 1, total: 2 } });
    expect(page.body.articles.map((a: { slug: string }) => a.slug)).toEqual(['no-links', 'wallets']);
    expect((await api.get('/api/glossary/defi')).body.related).toEqual([{ slug: 'cold-wallet', name: '冷錢包', aliases: ['cold wallet'], definition: '不連網保存私鑰的錢包。' }]);
    const listed = (await admin.json('GET', '/api/glossary/admin/terms')).body.terms.find((t: { slug: string }) => t.slug === 'defi');
    expect(listed.related).toEqual([{ id: coldWalletId, name: '冷錢包' }]);
  });

  it('links a Simplified alias in a body but shows it on no public page; the back office sees and keeps it', async () => {
    const made = await admin.json('POST', '/api/glossary/admin/terms', term({ name: '穩定幣', aliases: ['Stablecoin', '稳定币', '台幣穩定幣', '实名认证'], definition: '與法幣掛鉤的加密貨幣。', slug: 'stablecoin' }));
    expect(made.status).toBe(201);
    await insertArticle(api.db, { slug: 'simplified-reader', title: '簡體讀者', content: '<p>有人寫稳定币。</p>', published_at: new Date(Date.now() - 60_000) });
    const article = await api.get('/api/articles/simplified-reader');
    expect(article.body.content).toContain('<a class="gl-term" href="/glossary/stablecoin" aria-describedby="gl-tip-1">稳定币</a>');
    // Traditional spellings stay, whatever OpenCC maps in them (台 → 臺); wholly Simplified ones go.
    const page = await api.get('/api/glossary/stablecoin');
    expect(page.body.aliases).toEqual(['Stablecoin', '台幣穩定幣']);
    const listed = (await api.get('/api/glossary')).body.groups.flatMap((g: { terms: Array<{ slug: string; aliases: string[] }> }) => g.terms).find((t: { slug: string }) => t.slug === 'stablecoin');
    expect(listed.aliases).toEqual(['Stablecoin', '台幣穩定幣']);
    expect(JSON.stringify((await api.get('/api/glossary')).body)).not.toMatch(/冷钱包|稳定币|实名认证/);
    const inAdmin = (await admin.json('GET', `/api/glossary/admin/terms/${made.body.id}`)).body;
    expect(inAdmin.aliases).toEqual(['Stablecoin', '稳定币', '台幣穩定幣', '实名认证']);
  });

  it('names the glossary in the sitemap index once a term is published', async () => {
    const { body } = await api.get('/api/sitemap');
    expect(body.glossary.lastmod).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
  });

  it('previews which terms a body will link, for the article form', async () => {
    const res = await admin.json('POST', '/api/glossary/admin/links', { content: '<p>ETH 和冷錢包，還有 ETHER</p>' });
    expect(res.body.terms.map((t: { slug: string }) => t.slug)).toEqual(['ethereum', 'cold-wallet']);
    expect((await api.get('/api/glossary/admin/links', { method: 'POST' })).status).toBe(401);
  });

  it('imports a CSV all or nothing: a dry run reports what is added, changed and refused, with line numbers', async () => {
    const csv = ['name,aliases,definition', '私鑰,private key|私钥,控制資產的密碼。', '冷錢包,cold wallet|硬體錢包,離線保存私鑰的錢包。', '熱錢包,ETH,連網的錢包。', '挖礦,,'].join('\n');
    const dry = await admin.json('POST', '/api/glossary/admin/import', { csv });
    expect(dry.body).toEqual({
      applied: false,
      added: [{ line: 2, name: '私鑰' }],
      changed: [{ line: 3, name: '冷錢包' }],
      unchanged: 0,
      refused: [{ line: 4, message: '「ETH」已是「以太坊」的別名' }, { line: 5, message: '請輸入一句話定義' }],
    });
    const refused = await admin.json('POST', '/api/glossary/admin/import', { csv, apply: true });
    expect(refused.body.applied).toBe(false);
    expect((await admin.json('GET', '/api/glossary/admin/terms?q=私鑰')).body.terms.map((t: { name: string }) => t.name)).toEqual(['冷錢包']);

    const good = ['name,aliases,definition', '私鑰,private key|私钥,控制資產的密碼。', '冷錢包,cold wallet|硬體錢包,離線保存私鑰的錢包。'].join('\n');
    const applied = await admin.json('POST', '/api/glossary/admin/import', { csv: good, apply: true });
    expect(applied.body).toMatchObject({ applied: true, added: [{ line: 2, name: '私鑰' }], changed: [{ line: 3, name: '冷錢包' }], refused: [] });
    const cold = await admin.json('GET', `/api/glossary/admin/terms/${coldWalletId}`);
    expect(cold.body).toMatchObject({ aliases: ['cold wallet', '硬體錢包'], definition: '離線保存私鑰的錢包。' });
    expect((await api.get('/api/articles/wallets')).body.content).toContain('離線保存私鑰的錢包。');
  });

  it('deletes a term and its links', async () => {
    const res = await admin.json('DELETE', `/api/glossary/admin/terms/${coldWalletId}`);
    expect(res.status).toBe(200);
    const log = await admin.json('GET', '/api/admin/audit?kind=glossary');
    expect(log.body).toHaveProperty('events');
    const actions = (log.body.events as Array<{ action: string; summary: string }>).map((event) => `${event.action} ${event.summary}`);
    expect(actions).toEqual(expect.arrayContaining(['glossary.create 冷錢包', 'glossary.update 冷錢包', 'glossary.settings 每篇最多 1 個連結', 'glossary.import 新增 1 個、更新 1 個', 'glossary.delete 冷錢包']));
    expect((await api.get('/api/articles/wallets')).body.content).not.toContain('cold-wallet');
    expect((await admin.json('DELETE', `/api/glossary/admin/terms/${coldWalletId}`)).status).toBe(404);
  });
});
