import { createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config.js';

/** Reads a PEM key from `<NAME>` (the PEM itself) or `<NAME>_FILE` (a path to it). */
export function readKey(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const inline = env[name];
  if (inline && inline.includes('-----BEGIN')) return inline.replace(/\\n/g, '\n');
  const file = env[`${name}_FILE`];
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`${name}_FILE: cannot read the key file`);
  }
}

/** Where development key pairs live: made once by the auth service or `npm start`. */
export function developmentKeyFiles(dataDir: string): { dir: string; privateKeyFile: string; publicKeyFile: string } {
  const dir = join(dataDir, 'keys');
  return { dir, privateKeyFile: join(dir, 'jwt-private.pem'), publicKeyFile: join(dir, 'jwt-public.pem') };
}

export interface TokenKeyConfig {
  NODE_ENV: string;
  DATA_DIR: string;
}

/**
 * The one way a deployable finds the public key admin tokens are checked with:
 * JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE, else (outside production) the development key.
 * Without a valid key the process does not start.
 */
export function loadTokenPublicKey(config: TokenKeyConfig, env: NodeJS.ProcessEnv = process.env): string {
  let key = readKey(env, 'JWT_PUBLIC_KEY');
  const developmentKey = developmentKeyFiles(config.DATA_DIR).publicKeyFile;
  if (!key && config.NODE_ENV !== 'production' && existsSync(developmentKey)) key = readFileSync(developmentKey, 'utf8');
  if (!key) throw new ConfigError('Invalid configuration: JWT_PUBLIC_KEY (or JWT_PUBLIC_KEY_FILE) is required: admin tokens are checked with it');
  try {
    createPublicKey(key);
  } catch {
    throw new ConfigError('Invalid configuration: JWT_PUBLIC_KEY is not a valid PEM public key');
  }
  return key;
}
