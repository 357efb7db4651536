import type { MediaConfig } from '../config.js';
import { DiskStorage } from './disk-storage.js';
import { MemoryCachedStorage } from './memory-cache.js';
import { MinioStorage } from './minio-storage.js';
import type { ObjectStorage } from './object-storage.js';

/** MinIO when S3_ENDPOINT is set, else files under MEDIA_DIR (one port, two adapters), behind a memory cache of hot images. */
export function createStorage(config: MediaConfig): ObjectStorage {
  const store = createBackingStorage(config);
  if (config.MEDIA_CACHE_MB === 0) return store;
  return new MemoryCachedStorage(store, { maxBytes: config.MEDIA_CACHE_MB * 1024 * 1024, maxObjectBytes: 1024 * 1024 });
}

function createBackingStorage(config: MediaConfig): ObjectStorage {
  if (config.S3_ENDPOINT) {
    return new MinioStorage({
      endpoint: config.S3_ENDPOINT,
      accessKey: config.S3_ACCESS_KEY ?? '',
      secretKey: config.S3_SECRET_KEY ?? '',
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
    });
  }
  return new DiskStorage(config.MEDIA_DIR);
}
