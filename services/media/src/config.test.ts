import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@coinmag/service-kit';
import { mediaConfigSchema } from './config.js';

const base = { JWT_PUBLIC_KEY_FILE: '/keys/jwt-public.pem' };

describe('media configuration', () => {
  it('defaults to the disk under DATA_DIR/media on port 4003', () => {
    const config = loadConfig(mediaConfigSchema, { ...base, DATA_DIR: '/srv/data' });
    expect([config.PORT, config.MEDIA_DIR, config.S3_ENDPOINT, config.SEED_DEMO, config.MEDIA_CACHE_MB]).toEqual([4003, join('/srv/data', 'media'), undefined, false, 64]);
    expect([config.IMAGE_CONCURRENCY, config.IMAGE_QUEUE_LIMIT, config.IMAGE_ON_DEMAND_CONCURRENCY, config.IMAGE_ON_DEMAND_QUEUE_LIMIT]).toEqual([2, 20, 1, 8]);
  });

  it('takes MinIO settings and treats blank values as unset', () => {
    const config = loadConfig(mediaConfigSchema, { ...base, S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's', S3_BUCKET: '', SEED_DEMO: 'true' });
    expect([config.S3_ENDPOINT, config.S3_BUCKET, config.SEED_DEMO]).toEqual(['http://minio:9000', 'coinmag-media', true]);
  });

  it('names the variable, never the value, when something is wrong', () => {
    expect(() => loadConfig(mediaConfigSchema, { ...base, S3_ENDPOINT: 'http://minio:9000', S3_SECRET_KEY: 'super-secret' })).toThrow(/S3_ACCESS_KEY/);
    expect(() => loadConfig(mediaConfigSchema, { ...base, S3_ENDPOINT: 'http://minio:9000', S3_SECRET_KEY: 'super-secret' })).not.toThrow(/super-secret/);
    expect(() => loadConfig(mediaConfigSchema, {})).toThrow(/JWT_PUBLIC_KEY/);
    expect(() => loadConfig(mediaConfigSchema, { ...base, IMAGE_CONCURRENCY: '0' })).toThrow(/IMAGE_CONCURRENCY/);
    expect(() => loadConfig(mediaConfigSchema, { ...base, IMAGE_ON_DEMAND_CONCURRENCY: '0' })).toThrow(/IMAGE_ON_DEMAND_CONCURRENCY/);
  });
});
