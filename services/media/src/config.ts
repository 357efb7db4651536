import { join } from 'node:path';
import { z } from 'zod';
import { serviceEnv, tokenConfirmEnv, tokenKeyEnv } from '@coinmag/service-kit';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const mediaConfigSchema = z
  .object({
    ...serviceEnv(4003),
    /** DATA_DIR: root of the embedded default's files; the disk adapter uses MEDIA_DIR (default DATA_DIR/media). */
    ...tokenKeyEnv,
    /** AUTH_URL: the auth service, which confirms that an admin token was not revoked. */
    ...tokenConfirmEnv,
    /** The content service, whose audit log records every upload before it is answered. */
    CONTENT_URL: z.string().url().default('http://127.0.0.1:4002'),
    MEDIA_DIR: z.string().optional(),
    /** MinIO / S3: set S3_ENDPOINT to use it instead of the disk. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY: z.string().optional(),
    S3_SECRET_KEY: z.string().optional(),
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'not a valid bucket name').default('coinmag-media'),
    S3_REGION: z.string().default('us-east-1'),
    /** Image jobs running at once; keep it below libuv's thread pool (4) so file reads never wait. */
    IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Uploads allowed to wait for a slot; more get 503. */
    IMAGE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(20),
    /**
     * Of IMAGE_CONCURRENCY's slots, how many work an anonymous request asks for (a crop, a social
     * card) may hold at once; a freed slot goes to a waiting upload first.
     */
    IMAGE_ON_DEMAND_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** On-demand jobs allowed to wait; more get 503 with Retry-After. */
    IMAGE_ON_DEMAND_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(8),
    /** Memory for hot images (bodies up to 1 MB each); 0 turns the cache off. */
    MEDIA_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    /** Draw the demo covers (DEMO_COVERS) at start when missing. */
    SEED_DEMO: flag.default('false'),
  })
  .refine((env) => !env.S3_ENDPOINT || (env.S3_ACCESS_KEY && env.S3_SECRET_KEY), {
    message: 'S3_ACCESS_KEY and S3_SECRET_KEY are required with S3_ENDPOINT',
    path: ['S3_ACCESS_KEY'],
  })
  .refine((env) => env.JWT_PUBLIC_KEY || env.JWT_PUBLIC_KEY_FILE, {
    message: 'JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE is required',
    path: ['JWT_PUBLIC_KEY_FILE'],
  })
  .transform((env) => ({ ...env, MEDIA_DIR: env.MEDIA_DIR ?? join(env.DATA_DIR, 'media') }));

export type MediaConfig = z.infer<typeof mediaConfigSchema>;
