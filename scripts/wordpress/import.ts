// `npm run import:wordpress -- export.xml [--dry-run] [--no-images]`: the back office's WordPress
// import from the command line, against DATABASE_URL (and REDIS_URL, so the site's caches hear of it).
// Images go through the media service (MEDIA_URL) under service grants signed with FORWARDING_SECRET
// (the services' own, service-kit service-grant.ts), naming ADMIN_USERNAME (default admin) in the audit log.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { WordPressImport } from '@coinmag/contracts';
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

async function main(): Promise<void> {
  const config = contentConfigSchema.parse(process.env);
  if (withImages && !dryRun && !config.FORWARDING_SECRET) throw new Error('匯入圖片需要與各服務相同的 FORWARDING_SECRET（或加上 --no-images）');
  const actor = (process.env.ADMIN_USERNAME ?? 'admin').slice(0, 100);
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
    forwardingSecret: config.FORWARDING_SECRET,
    covers: new MediaServiceCoverStore(config.MEDIA_URL),
    wordpress: wordpressOptionsFrom(config),
  });
  const { service, runner } = content.wordpress;
  try {
    console.log(`讀取 ${file} …`);
    const job = await service.upload({ filename: basename(file!), body: createReadStream(file!), withImages });
    console.log(formatDryRun(job.dry_run!));
    if (dryRun) {
      await service.discard(job.id);
      console.log('\n試算完成，沒有寫入任何資料。');
      return;
    }
    await service.confirm(job.id, actor);
    const ticker = setInterval(() => void service.get(job.id).then((now) => console.log(`進度：${now.progress.processed}/${now.progress.total}`)), 5000);
    await runner.settled(job.id);
    const current: WordPressImport = await service.get(job.id);
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
