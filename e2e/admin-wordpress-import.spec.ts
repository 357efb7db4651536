import { expect, test } from '@playwright/test';
import { fixtureExport } from '../services/content/test/wordpress-fixture';
import { signInWithToken } from './support/admin-ui';
import { currentCredentials } from './support/password';
import { E2E_WORDPRESS_IMAGES_PORT } from './support/ports';

const BITCOIN = '比特幣突破新高';

/**
 * Moving a WordPress site in from the back office: upload the export, read the dry run, import,
 * follow the progress (also after leaving the page), open an imported article and an old
 * WordPress address. Runs last: the imported articles and categories would change what other
 * journeys count.
 */
test('an admin imports a WordPress export: dry run, import with progress, the article and its old address', async ({ page, request }) => {
  const { password } = await currentCredentials(request);
  await signInWithToken(page, request, password);
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: '後台選單' }).getByRole('link', { name: '匯入 WordPress' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '匯入 WordPress' })).toBeVisible();
  await expect(page).toHaveTitle('匯入 WordPress | 管理後台');

  // Nothing chosen: the form says what it needs, no call is made.
  await page.getByRole('button', { name: '上傳並試算' }).click();
  await expect(page.getByRole('alert')).toHaveText('請選擇 WordPress 匯出檔（.xml）');

  const xml = await fixtureExport(`http://127.0.0.1:${E2E_WORDPRESS_IMAGES_PORT}`);
  await page.getByLabel('WordPress 匯出檔').setInputFiles({ name: 'oldblog.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await page.getByRole('button', { name: '上傳並試算' }).click();

  const dryRun = page.getByRole('region', { name: '試算結果' });
  await expect(dryRun).toBeVisible();
  await expect(dryRun).toContainText('oldblog.xml');
  await expect(dryRun).toContainText('https://oldblog.example.com');
  const figure = (scope: typeof dryRun, label: string) => scope.locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
  await expect(figure(dryRun, '文章')).toHaveText('4');
  await expect(figure(dryRun, '已發布')).toHaveText('2');
  await expect(figure(dryRun, '排程中')).toHaveText('1');
  await expect(figure(dryRun, '草稿')).toHaveText('1');
  await expect(dryRun.getByRole('list', { name: '略過的項目' })).toContainText('頁面（不匯入）：1 筆');
  await expect(dryRun.getByRole('list', { name: '略過的項目' })).toContainText('選單項目：1 筆');
  await expect(dryRun.getByRole('list', { name: '發現的問題' })).toContainText('已移除不支援的短代碼 [contact-form-7]');
  // The dry run wrote nothing.
  expect((await request.get(`/api/articles/${encodeURIComponent(BITCOIN)}`)).status()).toBe(404);

  await dryRun.getByRole('button', { name: '確認匯入' }).click();
  await expect(page.getByText('已開始匯入')).toBeVisible();
  const progress = page.getByRole('region', { name: '匯入完成' });
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByRole('progressbar', { name: '匯入進度' })).toHaveAttribute('value', '100');
  await expect(progress).toContainText('已處理 4 / 4 篇（100%）');
  await expect(figure(progress, '新增')).toHaveText('4');
  await expect(figure(progress, '已取得圖片')).toHaveText('5');
  await expect(figure(progress, '無法取得的圖片')).toHaveText('1');
  await expect(progress.getByRole('list', { name: '無法取得的圖片' })).toContainText('missing.jpg：原站回應 HTTP 404');

  // The job lives in the content service: the page opened again shows where it ended.
  await page.goto('/admin/articles');
  await page.goto('/admin/import');
  await expect(page.getByRole('region', { name: '匯入完成' })).toContainText('已處理 4 / 4 篇');

  // The imported article, its images ours.
  await page.goto(`/article/${encodeURIComponent(BITCOIN)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('比特幣突破新高：機構資金持續湧入');
  const bodyImages = page.locator('article img[src^="/uploads/"]');
  await expect(bodyImages.first()).toBeVisible();
  expect(await page.locator(`img[src*="127.0.0.1:${E2E_WORDPRESS_IMAGES_PORT}"]`).count()).toBe(0);

  // Its old WordPress addresses lead here.
  const articleUrl = new RegExp(`/article/${encodeURIComponent(BITCOIN)}$`);
  const dated = await page.goto('/2024/05/01/%e6%af%94%e7%89%b9%e5%b9%a3%e7%aa%81%e7%a0%b4%e6%96%b0%e9%ab%98/');
  expect(dated?.request().redirectedFrom()?.url()).toContain('/2024/05/01/');
  await expect(page).toHaveURL(articleUrl);
  await page.goto('/?p=11');
  await expect(page).toHaveURL(articleUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('比特幣突破新高：機構資金持續湧入');
});
