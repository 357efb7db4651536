import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface KeyFiles {
  privateKeyFile: string;
  publicKeyFile: string;
}

/** The embedded default's token signing key pair (ES256), made once under `dataDir/keys`. */
export async function ensureSigningKeys(dataDir: string): Promise<KeyFiles> {
  const dir = join(dataDir, 'keys');
  const privateKeyFile = join(dir, 'jwt-private.pem');
  const publicKeyFile = join(dir, 'jwt-public.pem');
  if (!existsSync(privateKeyFile) || !existsSync(publicKeyFile)) {
    // Only the key folder private: `recursive` would give 0700 to every parent it creates too.
    await mkdir(dataDir, { recursive: true });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    await writeFile(privateKeyFile, privateKey, { mode: 0o600 });
    await writeFile(publicKeyFile, publicKey, { mode: 0o644 });
  }
  return { privateKeyFile, publicKeyFile };
}

/**
 * The newsletter's link key (NEWSLETTER_LINK_SECRET), made once under `dataDir/keys`: the links in
 * emails must outlive a restart, and FORWARDING_SECRET is new for every `npm start`.
 */
export async function ensureNewsletterLinkSecret(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'newsletter-link-secret');
  if (!existsSync(file)) {
    await mkdir(dataDir, { recursive: true });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return (await readFile(file, 'utf8')).trim();
}
