// `npm run import:wordpress -- export.xml [--dry-run] [--no-images]`: the back office's WordPress
// import from the command line, against DATABASE_URL (and REDIS_URL, so the site's caches hear of it).
// Images go through the media service (MEDIA_URL) as the admin: ADMIN_USERNAME / ADMIN_PASSWORD
// sign in at AUTH_URL (again whenever the session ends during a long import).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { loginResponseSchema, type WordPressImport } from '@coinmag/contracts';
import { createLogger } from '@coinmag/service-kit';
import { createContentApp } from '../../services/content/src/app.js';
import { MediaServiceCoverStore } from '../../services/content/src/articles/cover-store.js';
import { createStores } from '../../services/content/src/stores.js';
import { contentConfigSchema } from '../../services/content/src/config.js';
import { migrateContent, openDatabase } from '../../services/content/src/database.js';
import { wordpressOptionsFrom } from '../../services/content/src/wordpress/wordpress-config.js';
import { formatDryRun, formatOutcome } from './report.js';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
const dryRun = args.includes('--dry-run');
const withImages = !args.includes('--no-images');
const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--dry-run' && arg !== '--no-images');
if (!file || unknown.length) {
  console.error('用法：npm run import:wordpress -- <匯出檔.xml> [--dry-run] [--no-images]');
  process.exit(2);
}

async function signIn(authUrl: string): Promise<string> {
  const username = process.env.ADMIN_USERNAME;
  const password = process.env.ADMIN_PASSWORD;
  if (!username || !password) throw new Error('匯入圖片需要以管理員身分登入：請設定 ADMIN_USERNAME 與 ADMIN_PASSWORD（或加上 --no-images）');
  const res = await fetch(new URL('/api/admin/login', authUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`登入失敗：${(body as { error?: string }).error ?? res.status}`);
  const token = loginResponseSchema.parse(body).token;
  if (!token) throw new Error('登入成功，但沒有取得權杖');
  return token;
}

async function main(): Promise<void> {
  const config = contentConfigSchema.parse(process.env);
  const log = createLogger('wordpress-import', process.env.LOG_LEVEL ?? 'warn');
  await stat(file!);
  const db = openDatabase({ ...config, DB_POOL_MAX: 4 }, log);
  await migrateContent(db, config.DB_SCHEMA);
  const stores = createStores(config);
  const content = createContentApp({
    db,
    log,
    store: stores.cache,
    counterStore: stores.views,
    // Nothing here answers HTTP: no token is ever checked with it.
    publicKey: '',
    covers: new MediaServiceCoverStore(config.MEDIA_URL),
    wordpress: wordpressOptionsFrom(config),
  });
  const { service, runner } = content.wordpress;
  try {
    const token = withImages && !dryRun ? await signIn(config.AUTH_URL) : undefined;
    console.log(`讀取 ${file} …`);
    const job = await service.upload({ filename: basename(file!), body: createReadStream(file!), withImages });
    console.log(formatDryRun(job.dry_run!));
    if (dryRun) {
      await service.discard(job.id);
      console.log('\n試算完成，沒有寫入任何資料。');
      return;
    }
    await service.confirm(job.id, token ?? '');
    const ticker = setInterval(() => void service.get(job.id).then((now) => console.log(`進度：${now.progress.processed}/${now.progress.total}`)), 5000);
    let current: WordPressImport;
    for (;;) {
      await runner.settled(job.id);
      current = await service.get(job.id);
      if (current.status !== 'paused') break;
      console.log('管理員工作階段已結束，重新登入後繼續 …');
      await service.resume(job.id, await signIn(config.AUTH_URL));
    }
    clearInterval(ticker);
    console.log(formatOutcome(current));
    if (current.status !== 'done') process.exitCode = 1;
  } finally {
    await content.bodies.close();
    content.cache.stop();
    await stores.cache.close();
    await stores.views.close();
    await db.destroy();
  }
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
