import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
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
