import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ArticleDetail, MailboxItem, MailboxMessage, NewsletterLinkState, PublicCategory } from '@coinmag/contracts';
import { adminToken, bearer } from './support/admin-api';
import { signInWithToken, uniqueName } from './support/admin-ui';

// 電子報 (docs/product.md, Newsletter): `npm start` has no SMTP relay, so every email lands in the
// back office's 寄件匣 — the journey reads its emails from there, as a laptop's admin would.

async function mailFor(request: APIRequestContext, recipient: string, subject: RegExp): Promise<MailboxMessage> {
  const headers = bearer(await adminToken(request));
  let found: MailboxItem | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/admin/newsletter/mailbox', { headers })).json()) as { items: MailboxItem[] };
      found = list.items.find((item) => item.recipient === recipient && subject.test(item.subject));
      return Boolean(found);
    }, { timeout: 15_000 })
    .toBe(true);
  return (await (await request.get(`/api/admin/newsletter/mailbox/${found!.id}`, { headers })).json()) as MailboxMessage;
}

const pathOf = (text: string, page: string) => {
  const match = new RegExp(`https?://[^/\\s]+(/newsletter/${page}\\?t=[A-Za-z0-9._-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link`);
  return match[1]!;
};

test.describe('a reader on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('subscribes at the end of an article, confirms from the mailbox, changes the choices, unsubscribes', async ({ page, request }) => {
    const email = `${uniqueName('reader').toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
    const article = (await (await request.get('/api/articles/bitcoin-halving-2024')).json()) as ArticleDetail;
    const other = ((await (await request.get('/api/categories')).json()) as PublicCategory[]).find((category) => category.id !== article.category_id)!;
    await page.goto('/article/bitcoin-halving-2024');
    // The article's own form; the footer has one too, under a name of its own (no two regions alike).
    await expect(page.getByRole('region', { name: '訂閱電子報', exact: true })).toHaveCount(1);
    await expect(page.getByRole('contentinfo').getByRole('region', { name: '訂閱每週精選', exact: true })).toHaveCount(1);
    const box = page.getByRole('main').getByRole('region', { name: '訂閱電子報', exact: true });
    await box.getByLabel('電子郵件').fill(email);
    await box.getByLabel(/新文章通知/).check();
    await box.getByRole('button', { name: '訂閱' }).click();
    await expect(box.getByRole('status')).toHaveText('快完成了！請到信箱收信，點信中的確認連結完成訂閱。');

    const confirmation = await mailFor(request, email, /請確認訂閱/);
    expect(confirmation.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const confirmPath = pathOf(confirmation.text, 'confirm');
    await page.goto(confirmPath);
    await expect(page.getByRole('heading', { level: 1, name: '確認訂閱' })).toBeVisible();
    await page.getByRole('button', { name: '確認訂閱' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('訂閱完成，謝謝你！');

    await page.getByRole('link', { name: '管理訂閱設定' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '訂閱設定' })).toBeVisible();
    // A subscription's own page offers no second subscribe form in its footer.
    await expect(page.getByRole('contentinfo').getByRole('region', { name: /訂閱/ })).toHaveCount(0);
    await page.getByLabel('每週精選').uncheck();
    // The article's category, chosen on the article, is ticked; another one is added.
    const categories = page.getByRole('group', { name: '新文章通知' });
    await expect(categories.getByRole('checkbox', { name: article.category_name!, exact: true })).toBeChecked();
    await categories.getByRole('checkbox', { name: other.name, exact: true }).check();
    await page.getByRole('button', { name: '儲存設定' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('已儲存你的訂閱設定');
    const manageToken = new URL(page.url()).searchParams.get('t')!;
    const state = (await (await request.get(`/api/newsletter/link?t=${encodeURIComponent(manageToken)}`)).json()) as NewsletterLinkState;
    expect(state.digest).toBe(false);
    expect([...state.categoryIds].sort((a, b) => a - b)).toEqual([article.category_id!, other.id].sort((a, b) => a - b));
    await page.reload();
    await expect(page.getByRole('group', { name: '新文章通知' }).getByRole('checkbox', { name: other.name, exact: true })).toBeChecked();

    // The email's visible 取消訂閱 link: one button, and it is over at once.
    await page.goto(pathOf(confirmation.text, 'unsubscribe'));
    await expect(page.getByRole('heading', { level: 1, name: '取消訂閱' })).toBeVisible();
    await page.getByRole('button', { name: '取消訂閱' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('已取消訂閱，之後不會再寄信給你。');
    // Every link is spent: the confirmation's and the preferences page's.
    await page.goto(confirmPath);
    await expect(page.getByText('這個連結無效或已失效')).toBeVisible();
    await page.goto(`/newsletter/manage?t=${encodeURIComponent(manageToken)}`);
    await expect(page.getByText('這個連結無效或已失效')).toBeVisible();
  });

  test('finds the home page’s form and the footer’s under two names', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('region', { name: '訂閱電子報', exact: true })).toHaveCount(1);
    await expect(page.getByRole('region', { name: '訂閱電子報', exact: true })).toHaveCount(1);
    await expect(page.getByRole('contentinfo').getByRole('region', { name: '訂閱每週精選', exact: true })).toHaveCount(1);
    await expect(page.getByRole('region', { name: '訂閱每週精選', exact: true })).toHaveCount(1);
  });

  test('subscribes from the footer of a page that has no other form', async ({ page, request }) => {
    const email = `${uniqueName('footer').toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
    await page.goto('/glossary');
    await expect(page.getByRole('main').getByRole('region', { name: /訂閱/ })).toHaveCount(0);
    const box = page.getByRole('contentinfo').getByRole('region', { name: '訂閱每週精選', exact: true });
    await box.getByLabel('電子郵件').fill(email);
    await box.getByRole('button', { name: '訂閱' }).click();
    await expect(box.getByRole('status')).toHaveText('快完成了！請到信箱收信，點信中的確認連結完成訂閱。');
    // The script answered in place: still the same page.
    await expect(page).toHaveURL(/\/glossary$/);
    await mailFor(request, email, /請確認訂閱/);
  });
});

test.describe('a reader without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('subscribes with the form posted by the browser and gets a page in the same words, with a way back', async ({ page, request }) => {
    const email = `${uniqueName('nojs').toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
    await page.goto('/article/bitcoin-halving-2024');
    const box = page.getByRole('main').getByRole('region', { name: '訂閱電子報', exact: true });
    await box.getByLabel('電子郵件').fill(email);
    await box.getByRole('button', { name: '訂閱' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '訂閱電子報' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('快完成了！請到信箱收信，點信中的確認連結完成訂閱。');
    expect(await page.content()).not.toContain('{"');
    await mailFor(request, email, /請確認訂閱/);
    await page.getByRole('link', { name: '回到幣圈新手誌' }).click();
    await expect(page).toHaveURL(/\/article\/bitcoin-halving-2024$/);

    // Nothing chosen: the same error the script shows, on a page.
    const footer = page.getByRole('contentinfo').getByRole('region', { name: '訂閱每週精選', exact: true });
    await footer.getByLabel('電子郵件').fill(`x${email}`);
    await footer.getByLabel('每週精選').uncheck();
    await footer.getByRole('button', { name: '訂閱' }).click();
    await expect(page.getByRole('alert')).toHaveText('請至少選擇一項：每週精選或新文章通知的分類');
  });
});

test('the admin drafts the weekly digest, edits and previews it, sends a test, sends it and watches the progress', async ({ page, request }) => {
  const email = `${uniqueName('digest').toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
  // A confirmed subscriber of the digest, through the reader's own steps.
  expect((await request.post('/api/newsletter/subscribe', { data: { email, digest: true } })).status()).toBe(202);
  const confirmation = await mailFor(request, email, /請確認訂閱/);
  const token = pathOf(confirmation.text, 'confirm').split('t=')[1]!;
  expect((await request.post('/api/newsletter/confirm', { data: { token } })).status()).toBe(200);

  await signInWithToken(page, request);
  await page.goto('/admin/newsletter');
  await page.getByRole('button', { name: '草擬每週精選' }).click();
  const editor = page.getByRole('region', { name: '編輯電子報' });
  const subject = `本週精選 ${uniqueName('e2e')}`;
  await editor.getByLabel('主旨').fill(subject);
  await editor.getByLabel('開頭文字').fill('這週的三件大事，五分鐘看完。');
  // 預覽: the email as subscribers will get it, from the unsaved editor.
  await editor.getByRole('button', { name: '預覽' }).click();
  await expect(editor.getByText(`主旨：${subject}`)).toBeVisible();
  const shown = editor.frameLocator('iframe[title="信件預覽"]');
  await expect(shown.getByText('這週的三件大事，五分鐘看完。')).toBeVisible();
  await expect(shown.getByRole('link', { name: '取消訂閱' })).toBeVisible();
  await editor.getByLabel('寄測試信到').fill('editor@example.com');
  await editor.getByRole('button', { name: '寄送測試信' }).click();
  await expect(page.getByText('測試信已排入寄送')).toBeVisible();
  await mailFor(request, 'editor@example.com', new RegExp(`^\\[測試\\] ${subject}$`));

  page.once('dialog', (dialog) => void dialog.accept());
  await editor.getByRole('button', { name: '立即寄送' }).click();
  const row = page.getByTestId('campaigns').getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('已寄出', { timeout: 20_000 });
  await expect(row).toContainText(/已寄出 (\d+)／\1/);
  const sent = await mailFor(request, email, new RegExp(`^${subject}$`));
  expect(sent.text).toContain('/newsletter/manage?t=');

  // RFC 8058: the mail client's one-click POST to the List-Unsubscribe URL, through the gateway
  // (no cookie, no Origin: a mail provider's server sends it), ends the subscription at once.
  expect(sent.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = new URL(/^<([^>]+)>/.exec(sent.headers['List-Unsubscribe']!)![1]!);
  const answer = await request.post(`${oneClick.pathname}${oneClick.search}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(answer.status()).toBe(200);
  const manage = pathOf(sent.text, 'manage');
  expect((await request.get(`/api/newsletter/link?${manage.split('?')[1]}`)).status()).toBe(410);
});

test('the admin publishes an article with 發布時寄送電子報 and its category’s subscribers get it', async ({ page, request }) => {
  const email = `${uniqueName('category').toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
  const category = ((await (await request.get('/api/categories')).json()) as PublicCategory[])[0]!;
  // A confirmed subscriber of that category's new articles only.
  expect((await request.post('/api/newsletter/subscribe', { data: { email, digest: false, categoryIds: [category.id] } })).status()).toBe(202);
  const confirmation = await mailFor(request, email, /請確認訂閱/);
  expect((await request.post('/api/newsletter/confirm', { data: { token: pathOf(confirmation.text, 'confirm').split('t=')[1]! } })).status()).toBe(200);

  const token = await signInWithToken(page, request);
  const title = `電子報測試文章 ${uniqueName('e2e')}`;
  await page.goto('/admin/articles/new');
  const form = page.getByRole('form', { name: '新增文章' });
  await form.getByLabel('標題', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: '內容' }).click();
  await page.keyboard.type('這篇文章發布時寄給訂閱這個分類的讀者。');
  await page.getByLabel('分類', { exact: true }).selectOption({ label: category.name });
  const sendOnPublish = page.getByRole('checkbox', { name: '發布時寄送電子報' });
  // Not for a draft.
  await page.getByLabel('狀態', { exact: true }).selectOption({ label: '草稿' });
  await expect(sendOnPublish).toBeDisabled();
  await page.getByLabel('狀態', { exact: true }).selectOption({ label: '已發布' });
  await sendOnPublish.check();
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('文章發布後會寄送電子報')).toBeVisible();
  await expect(page).toHaveURL('/admin/articles');

  const sent = await mailFor(request, email, new RegExp(`^${title}$`));
  const articleLink = /https?:\/\/[^/\s]+\/article\/([^\s]+)/.exec(sent.text);
  expect(articleLink).not.toBeNull();
  expect(sent.text).toContain('/newsletter/manage?t=');
  expect(sent.html).toContain('取消訂閱');
  expect(sent.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

  // Tidy: the article goes (other journeys count the site's articles).
  const article = (await (await request.get(`/api/articles/${articleLink![1]!}`)).json()) as ArticleDetail;
  expect(article.title).toBe(title);
  expect((await request.delete(`/api/articles/admin/${article.id}`, { headers: bearer(token) })).ok()).toBe(true);
});

test('the admin finds a subscriber in 訂閱者, exports the list and deletes the subscriber for good', async ({ page, request }) => {
  const email = `${uniqueName('forget').toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
  expect((await request.post('/api/newsletter/subscribe', { data: { email, digest: true } })).status()).toBe(202);
  await mailFor(request, email, /請確認訂閱/);

  await signInWithToken(page, request);
  const searches: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/admin/newsletter/subscribers')) searches.push(sent.url());
  });
  await page.goto('/admin/subscribers');
  await expect(page.getByTestId('subscriber-counts')).toContainText(/待確認 [1-9]/);
  await page.getByLabel('搜尋電子郵件').fill(email);
  const table = page.getByRole('region', { name: '訂閱人數' }).getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('待確認');
  await expect(page.getByText('共 1 位')).toBeVisible();
  // The address typed travels in request bodies, never in a URL.
  expect(searches.length).toBeGreaterThan(0);
  expect(searches.some((url) => decodeURIComponent(url).includes('@'))).toBe(false);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: '匯出 CSV' }).click();
  const csv = await (await download).path().then((path) => import('node:fs/promises').then((fs) => fs.readFile(path, 'utf8')));
  expect(csv).toContain(`"${email}","pending"`);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `永久刪除 ${email}` }).click();
  await expect(page.getByText('已永久刪除')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  // Its confirmation is gone from 寄件匣 too.
  const headers = bearer(await adminToken(request));
  const mailbox = (await (await request.get('/api/admin/newsletter/mailbox', { headers })).json()) as { items: MailboxItem[] };
  expect(mailbox.items.some((item) => item.recipient === email)).toBe(false);
});
