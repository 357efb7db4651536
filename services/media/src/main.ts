import { confirmAdminTokensWith, createTokenConfirmer, loadTokenPublicKey, runService } from '@coinmag/service-kit';
import { createApp } from './app.js';
import { UploadAuditClient } from './audit/upload-audit-client.js';
import { mediaConfigSchema } from './config.js';
import { createImageLanes } from './images/work-queue.js';
import { createStorage } from './storage/create-storage.js';

void runService({
  name: 'media',
  config: mediaConfigSchema,
  async build({ config, runtime }) {
    const { log } = runtime;
    const publicKey = loadTokenPublicKey(config);
    const storage = createStorage(config);
    try {
      await storage.ensureReady();
    } catch (err) {
      // Keep serving: uploads answer 503 and /api/uploads/test says so until the store is back.
      log.warn({ storage: storage.kind, err: ((err as Error).cause as Error | undefined)?.message }, 'object storage not ready at start');
    }
    const { app, media } = createApp({
      storage,
      runtime,
      proxyHops: config.TRUSTED_PROXY_HOPS,
      forwardingSecret: config.FORWARDING_SECRET,
      publicKey,
      lanes: createImageLanes({
        concurrency: config.IMAGE_CONCURRENCY,
        queueLimit: config.IMAGE_QUEUE_LIMIT,
        onDemandConcurrency: config.IMAGE_ON_DEMAND_CONCURRENCY,
        onDemandQueueLimit: config.IMAGE_ON_DEMAND_QUEUE_LIMIT,
      }),
      audit: new UploadAuditClient(config.CONTENT_URL),
      contentUrl: config.CONTENT_URL,
    });
    confirmAdminTokensWith(app, createTokenConfirmer({ authUrl: config.AUTH_URL, cacheMs: config.ADMIN_CONFIRM_CACHE_MS }));
    if (config.SEED_DEMO) {
      try {
        await media.seedDemoCovers();
      } catch (err) {
        log.error({ err }, 'drawing the demo covers failed');
      }
    }
    log.info({ storage: storage.kind }, `images stored in ${storage.kind}`);
    return { app };
  },
});
