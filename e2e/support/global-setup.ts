import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase } from '../../packages/service-kit/src/testing/test-database';
import { startStack } from '../../scripts/stack/stack';
import { startImageServer } from '../../services/content/test/wordpress-fixture';
import { E2E_GATEWAY_PORT, E2E_SERVICES_BASE_PORT, E2E_WORDPRESS_IMAGES_PORT } from './ports';

/**
 * Starts the whole site the way `npm start` does (migrations, demo seed, built frontends,
 * services, gateway) on a fresh database of the machine's Postgres; tears it all down after.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = resolve(import.meta.dirname, '..', '..');
  const database = await createTestDatabase('cm_e2e');
  const dataDir = await mkdtemp(join(tmpdir(), 'coinmag-e2e-'));
  const started = Date.now();
  // In-process caches unless E2E_REDIS_URL is given: a shared Redis would carry login-attempt
  // counts and cached responses from one run (and one database) into the next.
  const redisUrl = process.env.E2E_REDIS_URL;
  delete process.env.REDIS_URL;
  // The old WordPress site whose images the import journey brings over (loopback: allowed by name).
  const wordpressImages = await startImageServer(E2E_WORDPRESS_IMAGES_PORT);
  try {
    const stack = await startStack({
      root,
      databaseUrl: database.url,
      redisUrl,
      // The webhook journey's receiver listens on this machine: the operator's allowance for it.
      extraEnv: { REDIS_KEY_PREFIX: `coinmag:${database.name}:`, WORDPRESS_IMAGE_ALLOWED_HOSTS: new URL(wordpressImages.url).host, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', READER_NUMBERS_FLUSH_MS: '500' },
      dataDir,
      gatewayPort: E2E_GATEWAY_PORT,
      basePort: E2E_SERVICES_BASE_PORT,
      seedDemo: true,
      buildFrontends: true,
      quiet: process.env.E2E_VERBOSE !== 'true',
    });
    // A spec that starts a second gateway (another configuration, same services) needs the keys.
    process.env.E2E_DATA_DIR = dataDir;
    console.log(`e2e stack up at ${stack.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return async () => {
      await stack.stop();
      await wordpressImages.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    };
  } catch (err) {
    await wordpressImages.close();
    await database.drop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
