import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { bearer } from './support/admin-api';
import { acceptNextConfirm, signInWithToken, uniqueName } from './support/admin-ui';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiving server on this machine, as a Telegram bot or a newsletter tool would be. */
async function startReceiver() {
  const deliveries: Delivery[] = [];
  const waiters: Array<{ match: (d: Delivery) => boolean; resolve: (d: Delivery) => void }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const delivery = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      deliveries.push(delivery);
      for (const waiter of waiters.filter((w) => w.match(delivery))) waiter.resolve(delivery);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    /** The first delivery (already arrived or still to come) that matches; fails after `timeoutMs`. */
    next(match: (d: Delivery) => boolean, timeoutMs = 10_000): Promise<Delivery> {
      const arrived = deliveries.find(match);
      if (arrived) return Promise.resolve(arrived);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching delivery within ${timeoutMs} ms (${deliveries.length} arrived)`)), timeoutMs);
        waiters.push({ match, resolve: (d) => { clearTimeout(timer); resolve(d); } });
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('the administrator registers a webhook, publishes, and sees the signed delivery arrive and in the log', async ({ page, request }) => {
  const receiver = await startReceiver();
  const token = await signInWithToken(page, request);
  try {
    await page.goto('/admin/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhook' })).toBeVisible();
    await page.getByLabel('接收網址').fill(receiver.url);
    await expect(page.getByLabel('文章發布')).toBeChecked();
    await page.getByRole('button', { name: '新增 Webhook' }).click();
    await expect(page.getByText('已新增 Webhook')).toBeVisible();
    const card = page.getByRole('region', { name: receiver.url });
    await expect(card.getByText('啟用', { exact: true })).toBeVisible();
    const shown = (await card.locator('code').textContent())!;
    expect(shown).toMatch(/^whsec_/);
    // Shown once: after a reload the card says it is hidden; a new one is shown once again.
    await page.reload();
    await expect(card.getByText('簽章密鑰：已隱藏（遺失時請重新產生密鑰）')).toBeVisible();
    await expect(card.locator('code')).toHaveCount(0);
    acceptNextConfirm(page, '確定要重新產生密鑰嗎？舊的密鑰會立即失效，接收端須改用新的密鑰驗證簽章。');
    await card.getByRole('button', { name: '重新產生密鑰' }).click();
    await expect(page.getByText('已產生新的密鑰')).toBeVisible();
    const secret = (await card.locator('code').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(shown);

    const title = uniqueName('通知測試');
    const created = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title, content: '<p>內文</p>', status: 'published' } });
    expect(created.status()).toBe(201);
    const delivery = await receiver.next((d) => d.body.includes(title));
    const body = JSON.parse(delivery.body);
    expect(body.event).toBe('article.published');
    expect(body.article.title).toBe(title);
    expect(delivery.headers['x-coinmag-event']).toBe('article.published');
    const timestamp = delivery.headers['x-coinmag-timestamp'] as string;
    expect(delivery.headers['x-coinmag-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`);

    await card.getByRole('button', { name: '傳送紀錄' }).click();
    const log = card.getByRole('table', { name: `傳送紀錄：${receiver.url}` });
    const row = log.locator(`[data-delivery-id="${body.id}"]`);
    await expect(row).toContainText('文章發布');
    await expect(row).toContainText('已送達');
    await expect(row).toContainText('：200');

    await card.getByRole('button', { name: '傳送測試' }).click();
    await expect(page.getByText('已送出測試，結果請見傳送紀錄')).toBeVisible();
    const test = await receiver.next((d) => d.headers['x-coinmag-event'] === 'webhook.test');
    // The open log reads itself again while a delivery is pending.
    await expect(log.locator(`[data-delivery-id="${JSON.parse(test.body).id}"]`)).toContainText('已送達');
  } finally {
    await page.goto('/admin/webhooks');
    const card = page.getByRole('region', { name: receiver.url });
    if (await card.count()) {
      acceptNextConfirm(page);
      await card.getByRole('button', { name: `刪除「${receiver.url}」` }).click();
      await expect(page.getByText('尚未設定 Webhook')).toBeVisible();
    }
    await receiver.close();
  }
});
