import { readFileSync } from 'node:fs';
import { z } from 'zod';

export class ConfigError extends Error {}

/** The variables a schema declares (through refinements), or undefined when it is not an object. */
function declaredNames(schema: z.ZodTypeAny): Set<string> | undefined {
  let inner: z.ZodTypeAny = schema;
  while (inner instanceof z.ZodEffects) inner = inner.innerType();
  return inner instanceof z.ZodObject ? new Set(Object.keys(inner.shape as object)) : undefined;
}

/**
 * `<NAME>_FILE` (a path, e.g. a Docker or Kubernetes secret under /run/secrets) stands for
 * `<NAME>` when that is unset, for every variable the schema declares: passwords and URLs
 * holding them then never sit in the environment of a stack file. Variables the schema
 * declares with the suffix (JWT_PRIVATE_KEY_FILE) are its own and left alone. A file holding
 * only blank lines leaves `<NAME>` unset (an optional setting's secret in a stack that needs one).
 */
function withSecretFiles(env: Record<string, string | undefined>, declared: Set<string> | undefined): Record<string, string | undefined> {
  const out = { ...env };
  for (const [name, path] of Object.entries(env)) {
    if (!name.endsWith('_FILE') || !path) continue;
    const base = name.slice(0, -'_FILE'.length);
    // A schema that declares `<NAME>_FILE` itself reads that file in its own way (a key path).
    if (out[base] || (declared && (!declared.has(base) || declared.has(name)))) continue;
    let content: string;
    try {
      content = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch {
      throw new ConfigError(`Invalid configuration: ${name}: cannot read the file it names`);
    }
    // A blank file is an unset variable, as a blank one is (a Docker secret cannot be empty).
    if (content.trim() !== '') out[base] = content;
  }
  return out;
}

/**
 * Parses the environment once at start. A bad value throws a ConfigError whose
 * message is one line naming each bad variable, never its value (it may be secret).
 */
export function loadConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const blanksRemoved = withSecretFiles(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')), declaredNames(schema));
  const result = schema.safeParse(blanksRemoved);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

export const portSchema = z.coerce.number().int().min(1).max(65535);
export const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
export const nodeEnvSchema = z.enum(['development', 'production', 'test']).default('development');

/**
 * What every deployable reads: spread into its schema with its own default port,
 * e.g. `z.object({ ...serviceEnv(4002), ...databaseEnv('content'), ... })`.
 */
export function serviceEnv(defaultPort: number) {
  return {
    NODE_ENV: nodeEnvSchema,
    PORT: portSchema.default(defaultPort),
    /** The address to listen on; `npm start` binds the internal services to 127.0.0.1. */
    HOST: z.string().min(1).max(255).default('0.0.0.0'),
    LOG_LEVEL: logLevelSchema,
    /**
     * How many proxies in front of this process to trust for X-Forwarded-For. 0: the client
     * address is the socket's, so a caller cannot choose the address it is counted under.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
    /**
     * Shared by the gateway and the services: the gateway sends it with every request, and a
     * service believes X-Forwarded-For only on requests that carry it (forwarding.ts).
     */
    FORWARDING_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** How long a SIGTERM may take: in-flight requests get this long to finish before connections are cut. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  };
}
export type ServiceEnv = z.infer<z.ZodObject<ReturnType<typeof serviceEnv>>>;

/** Postgres: the shared database, this service's own schema in it. */
export function databaseEnv(defaultSchema: string, defaultPoolMax = 10) {
  return {
    DATABASE_URL: z.string({ required_error: 'is required (postgres://user:pass@host:5432/db)' }).url(),
    DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default(defaultSchema),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(defaultPoolMax),
  };
}

/** Redis; absent, the service keeps its state in this process (one replica only). */
export const redisEnv = {
  REDIS_URL: z.string().url().optional(),
};

/**
 * The auth service's ES256 public key (PEM, or a file holding it) that admin tokens are
 * checked with. Outside production, with none configured, the development key under
 * DATA_DIR/keys is used (the one `npm start` and a bare auth service make).
 */
export const tokenKeyEnv = {
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
};
