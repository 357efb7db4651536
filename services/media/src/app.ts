import Koa from 'koa';
import type { Middleware } from 'koa';
import { errorMiddleware, healthRoutes, requestContext, requireAdmin, type Logger } from '@coinmag/service-kit';
import { deliveryRoutes } from './delivery.routes.js';
import { createWorkQueue, type WorkQueue } from './images/work-queue.js';
import { mediaErrors } from './media-errors.js';
import { MediaService } from './media.service.js';
import type { ObjectStorage } from './storage/object-storage.js';
import { uploadsRoutes } from './uploads.routes.js';

export interface MediaAppDeps {
  storage: ObjectStorage;
  log: Logger;
  /** PEM of the auth service's ES256 public key. */
  publicKey: string;
  queue?: WorkQueue;
}

export interface MediaApp {
  app: Koa;
  media: MediaService;
}

/** Builds the media service's Koa app from its dependencies; never listens. */
export function createApp({ storage, log, publicKey, queue = createWorkQueue(2, 20) }: MediaAppDeps): MediaApp {
  const media = new MediaService(storage, queue, log);
  const adminGuard: Middleware = requireAdmin(publicKey);
  const app = new Koa();
  app.proxy = true;
  app.use(requestContext(log));
  app.use(errorMiddleware());
  app.use(healthRoutes({ storage: () => storage.check() }));
  app.use(mediaErrors());
  app.use(deliveryRoutes(media));
  const uploads = uploadsRoutes(media, adminGuard);
  app.use(uploads.routes());
  app.use(uploads.allowedMethods());
  return { app, media };
}
