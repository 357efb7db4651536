import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Parses the environment once at start. A bad value throws a ConfigError whose
 * message is one line naming each bad variable, never its value (it may be secret).
 */
export function loadConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(blanksRemoved);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

export const portSchema = z.coerce.number().int().min(1).max(65535);
export const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
export const nodeEnvSchema = z.enum(['development', 'production', 'test']).default('development');
