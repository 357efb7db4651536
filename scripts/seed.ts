// `npm run seed`: migrates and seeds the demo content into DATABASE_URL (if it is empty).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is required (npm start seeds its embedded database by itself).');
  process.exit(1);
}
const root = resolve(import.meta.dirname, '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', resolve(root, 'services/content/src/migrate.ts')], {
  stdio: 'inherit',
  env: { ...process.env, SEED_DEMO: 'true' },
});
process.exit(result.status ?? 1);
