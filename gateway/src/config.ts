import { z } from 'zod';
import { logLevelSchema, nodeEnvSchema, portSchema } from '@coinmag/service-kit';

export const gatewayConfigSchema = z.object({
  NODE_ENV: nodeEnvSchema,
  PORT: portSchema.default(8080),
  LOG_LEVEL: logLevelSchema,
  CONTENT_URL: z.string().url().default('http://127.0.0.1:4002'),
  AUTH_URL: z.string().url().default('http://127.0.0.1:4001'),
  MEDIA_URL: z.string().url().default('http://127.0.0.1:4003'),
  /** How long an upstream may take before the gateway answers 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Uploads of large images take longer to process. */
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
