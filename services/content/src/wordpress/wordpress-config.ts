import { join } from 'node:path';
import type { WordPressImportOptions } from '../app.js';
import type { ContentConfig } from '../config.js';
import { parseAllowedHosts } from '../outbound/outbound-address.js';

/** The WordPress import's settings from the content configuration: the service and the CLI read them alike. */
export function wordpressOptionsFrom(config: ContentConfig): WordPressImportOptions {
  return {
    directory: config.WORDPRESS_IMPORT_DIR ?? join(config.DATA_DIR, 'wordpress-imports'),
    mediaUrl: config.MEDIA_URL,
    imageLimits: {
      timeoutMs: config.WORDPRESS_IMAGE_TIMEOUT_MS,
      maxBytes: config.WORDPRESS_IMAGE_MAX_BYTES,
      maxRedirects: 5,
      allowedHosts: parseAllowedHosts(config.WORDPRESS_IMAGE_ALLOWED_HOSTS),
    },
    imageConcurrency: config.WORDPRESS_IMAGE_CONCURRENCY,
    mappingTimeoutMs: config.WORDPRESS_MAPPING_TIMEOUT_MS,
    imageDeadlineMs: config.WORDPRESS_IMAGE_DEADLINE_MS,
    imageHostFailures: config.WORDPRESS_IMAGE_HOST_FAILURES,
  };
}
