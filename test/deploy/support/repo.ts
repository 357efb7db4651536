// Where the deployables are and what their code reads from the environment.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '../../..');
/** The one Dockerfile every deployable's image is built from (build arguments APP and PORT). */
export const DOCKERFILE = 'Dockerfile';
/** The backup image's (scripts/backup/): the compose backup service and the Kubernetes CronJob. */
export const BACKUP_DOCKERFILE = 'deploy/backup/Dockerfile';
/** The stack's Postgres: the official image plus WAL archiving to the object store (scripts/backup/pitr/). */
export const POSTGRES_DOCKERFILE = 'deploy/postgres/Dockerfile';

export interface Deployable {
  /** Short name: the compose service, the k8s Deployment and the image are named after it. */
  name: string;
  /** Workspace folder relative to the root, e.g. `services/content`. */
  dir: string;
  /** A Dockerfile of its own in its folder (there should be none: every image is built by the root Dockerfile). */
  hasOwnDockerfile: boolean;
  hasMain: boolean;
  hasMigrate: boolean;
}

/** Every folder that is, or is meant to be, deployed: the gateway and each `services/*`. */
export function discoverDeployables(): Deployable[] {
  const servicesDir = join(ROOT, 'services');
  const serviceDirs = existsSync(servicesDir)
    ? readdirSync(servicesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `services/${entry.name}`)
    : [];
  return ['gateway', ...serviceDirs.sort()]
    .map((dir) => ({
      name: basename(dir),
      dir,
      hasOwnDockerfile: existsSync(join(ROOT, dir, 'Dockerfile')),
      hasMain: existsSync(join(ROOT, dir, 'src', 'main.ts')),
      hasMigrate: existsSync(join(ROOT, dir, 'src', 'migrate.ts')),
    }))
    .filter((d) => d.hasOwnDockerfile || d.hasMain);
}

/** The micro-frontends the gateway image must carry (each `frontends/*` with a package.json). */
/** The frontends that are built (a workspace under frontends/ with a build script); frontends/shared is sources the others import. */
export function discoverFrontends(): string[] {
  const dir = join(ROOT, 'frontends');
  if (!existsSync(dir)) return [];
  const built = (name: string) => {
    const manifest = join(dir, name, 'package.json');
    return existsSync(manifest) && Boolean((JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: { build?: string } }).scripts?.build);
  };
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && built(entry.name))
    .map((entry) => entry.name)
    .sort();
}

// Structural view of the zod (v3) schemas, so this file does not depend on one zod copy.
interface ZodLike {
  _def: { typeName: string; schema?: ZodLike; innerType?: ZodLike };
  shape?: Record<string, { isOptional(): boolean }>;
  safeParse(input: unknown): { success: boolean; error?: { issues: Array<{ path: unknown[]; message: string }> } };
}

export interface ConfigSchema {
  /** The exported names the variables were read from (e.g. `contentConfigSchema`). */
  exports: string[];
  /** Every variable a schema declares. */
  keys: Set<string>;
  /** Variables the deployable's code reads from process.env directly, outside its schema. */
  readsOutsideSchema: Set<string>;
  /** keys plus readsOutsideSchema: everything the code reads. */
  reads: Set<string>;
  /** Variables without a default that are not optional. */
  required: Set<string>;
  /** Parses an environment with every exported schema; returns the problems (empty when fine). */
  problems(env: Record<string, string>): string[];
  /** `load*Config(env)` functions the module exports: the start-up checks beyond the schema. */
  loaders: Array<{ name: string; load(env: Record<string, string>): unknown }>;
}

function objectSchema(value: unknown): ZodLike | undefined {
  let current = value as ZodLike | undefined;
  for (let depth = 0; current && typeof current === 'object' && '_def' in current && depth < 10; depth += 1) {
    if (current._def.typeName === 'ZodObject') return current;
    current = current._def.schema ?? current._def.innerType;
  }
  return undefined;
}

/** Imports `<dir>/src/config.ts` and reads each exported `*ConfigSchema` (a zod object, possibly refined). */
export async function loadConfigSchema(dir: string): Promise<ConfigSchema> {
  const module = (await import(pathToFileURL(join(ROOT, dir, 'src', 'config.ts')).href)) as Record<string, unknown>;
  const schemas = Object.entries(module)
    .filter(([name]) => /ConfigSchema$/.test(name))
    .map(([name, value]) => [name, value, objectSchema(value)] as const)
    .filter((entry): entry is readonly [string, unknown, ZodLike] => entry[2] !== undefined);
  if (schemas.length === 0) throw new Error(`${dir}/src/config.ts exports no *ConfigSchema zod object`);
  const keys = new Set<string>();
  const required = new Set<string>();
  for (const [, , schema] of schemas) {
    for (const [key, field] of Object.entries(schema.shape ?? {})) {
      keys.add(key);
      if (!field.isOptional()) required.add(key);
    }
  }
  const loaders = Object.entries(module)
    .filter(([name, value]) => /^load\w*Config$/.test(name) && typeof value === 'function')
    .map(([name, value]) => ({ name, load: (env: Record<string, string>) => (value as (env: Record<string, string>) => unknown)(env) }));
  const readsOutsideSchema = new Set([...directEnvReads(join(ROOT, dir, 'src'))].filter((key) => !keys.has(key)));
  return {
    exports: schemas.map(([name]) => name),
    keys,
    readsOutsideSchema,
    reads: new Set([...keys, ...readsOutsideSchema]),
    required,
    loaders,
    problems: (env) =>
      schemas.flatMap(([name, original]) => {
        // As loadConfig does (service-kit): a blank variable is an unset one.
        const result = (original as ZodLike).safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
        return result.success ? [] : (result.error?.issues ?? []).map((issue) => `${name}: ${issue.path.join('.')}: ${issue.message}`);
      }),
  };
}

/** `process.env.NAME` and `process.env['NAME']` in the non-test sources under `dir`. */
function directEnvReads(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)) names.add((match[1] ?? match[2])!);
  }
  return names;
}

/** The value, or a failure naming what is missing (narrows `T | undefined` for the checks after it). */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`missing: ${what}`);
  return value;
}
