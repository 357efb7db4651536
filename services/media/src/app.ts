import type Koa from 'koa';
import type { Middleware } from 'koa';
import { createRuntime, createServiceApp, rejectUnsafeText, requireAdminOrGrant, type Logger, type ServiceRuntime } from '@coinmag/service-kit';
import type { UploadAuditClient } from './audit/upload-audit-client.js';
import { deliveryRoutes } from './media/delivery.routes.js';
import { createImageLanes, type ImageLanes } from './images/work-queue.js';
import { mediaErrors } from './media/media-errors.js';
import { MediaService } from './media/media.service.js';
import type { ObjectStorage } from './storage/object-storage.js';
import { uploadsRoutes } from './media/uploads.routes.js';
import { CardSource } from './cards/card-source.js';
import { cardRoutes } from './cards/cards.routes.js';
import { SocialCards } from './cards/social-cards.js';

export interface MediaAppDeps {
  storage: ObjectStorage;
  /** The chassis's log, health and metrics (runService's); tests get a fresh one. */
  runtime?: ServiceRuntime;
  /** Used when no runtime is given. */
  log?: Logger;
  /** X-Forwarded-For entries to trust (TRUSTED_PROXY_HOPS). */
  proxyHops?: number;
  /**
   * FORWARDING_SECRET: X-Forwarded-For is believed only on the gateway's requests; and the upload
   * route accepts the content service's WordPress-import grants signed with it (service-grant.ts).
   */
  forwardingSecret?: string;
  /** PEM of the auth service's ES256 public key. */
  publicKey: string;
  /** The uploads' and the on-demand lanes of image work (IMAGE_* settings). */
  lanes?: ImageLanes;
  /** Where each upload is recorded before it is answered (main.ts always gives it; see UploadAuditClient). */
  audit?: UploadAuditClient;
  /** The content service's address, where social cards read their article (CONTENT_URL). */
  contentUrl?: string;
}

export interface MediaApp {
  app: Koa;
  media: MediaService;
  cards: SocialCards;
}

/** IMAGE_CONCURRENCY, IMAGE_QUEUE_LIMIT, IMAGE_ON_DEMAND_CONCURRENCY and IMAGE_ON_DEMAND_QUEUE_LIMIT's defaults. */
const DEFAULT_LANES = { concurrency: 2, queueLimit: 20, onDemandConcurrency: 1, onDemandQueueLimit: 8 };

/** Builds the media service's Koa app from its dependencies; never listens. */
export function createApp({ storage, runtime: given, log: givenLog, proxyHops = 0, forwardingSecret, publicKey, lanes = createImageLanes(DEFAULT_LANES), audit, contentUrl = 'http://127.0.0.1:4002' }: MediaAppDeps): MediaApp {
  const runtime = given ?? createRuntime('media', givenLog);
  const media = new MediaService(storage, lanes.uploads, lanes.onDemand, runtime.log, audit);
  // An admin's token, or the service grant of a WordPress image import (signed with FORWARDING_SECRET).
  const adminGuard: Middleware = requireAdminOrGrant(publicKey, forwardingSecret, 'wordpress-images');
  runtime.health.addDependency('storage', () => storage.check());
  const app = createServiceApp(runtime, { proxyHops, forwardingSecret });
  app.use(mediaErrors());
  app.use(deliveryRoutes(media));
  const cards = new SocialCards(storage, lanes.onDemand, new CardSource(contentUrl));
  app.use(cardRoutes(cards, media));
  // After delivery: it matches the raw, undecoded path against one strict pattern (404 otherwise).
  app.use(rejectUnsafeText());
  const uploads = uploadsRoutes(media, adminGuard);
  app.use(uploads.routes());
  app.use(uploads.allowedMethods());
  return { app, media, cards };
}
