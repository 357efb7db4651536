import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError, developmentKeyFiles, readKey } from '@coinmag/service-kit';
import type { AuthConfig } from './config.js';

export interface SigningKeys {
  privateKey: string;
  publicKey: string;
}

/**
 * The configured ES256 key pair. Outside production, with no key configured, a pair is made
 * once under DATA_DIR/keys (the same files `npm start` makes), so a bare start still works.
 * The public key is derived from the private one; a configured public key must match it.
 */
export function resolveSigningKeys(config: AuthConfig, env: NodeJS.ProcessEnv = process.env): SigningKeys {
  const privateKey = readKey(env, 'JWT_PRIVATE_KEY') ?? (config.NODE_ENV === 'production' ? undefined : developmentPrivateKey(config.DATA_DIR));
  if (!privateKey) throw new ConfigError('JWT_PRIVATE_KEY (or JWT_PRIVATE_KEY_FILE) is required in production');
  let publicKey: string;
  try {
    publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    throw new ConfigError('JWT_PRIVATE_KEY is not a valid PEM private key');
  }
  const configuredPublic = readKey(env, 'JWT_PUBLIC_KEY');
  if (configuredPublic && normalisePem(configuredPublic) !== normalisePem(publicKey)) {
    throw new ConfigError('JWT_PUBLIC_KEY does not belong to JWT_PRIVATE_KEY');
  }
  return { privateKey, publicKey };
}

function developmentPrivateKey(dataDir: string): string {
  const { dir, privateKeyFile: privateFile, publicKeyFile: publicFile } = developmentKeyFiles(dataDir);
  if (existsSync(privateFile)) return readFileSync(privateFile, 'utf8');
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  // Only the key folder private: `recursive` would give 0700 to every parent it creates too.
  mkdirSync(dirname(dir), { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(privateFile, privateKey, { mode: 0o600 });
  writeFileSync(publicFile, publicKey, { mode: 0o644 });
  return privateKey;
}

function normalisePem(pem: string): string {
  return createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString().trim();
}
