// The stack's secret files, as an operator writes them (docs/operations.md, "Docker Swarm"):
// random passwords, a fresh ES256 key pair, and the database URL holding the password.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const secret = (length = 24) => `Sw${randomBytes(length * 2).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, length)}`;

/** Writes the files into `dir` (mode 600) and answers the admin password. */
export function writeSecrets(dir: string): { adminPassword: string } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const postgresPassword = secret();
  const adminPassword = secret();
  const files: Record<string, string> = {
    postgres_password: postgresPassword,
    database_url: `postgres://coinmag:${postgresPassword}@postgres:5432/coinmag`,
    minio_root_password: secret(),
    admin_password: adminPassword,
    forwarding_secret: secret(32),
    'jwt_private_key.pem': keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    'jwt_public_key.pem': keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    // No relay here: one empty line, emails go to the newsletter's local mailbox (寄件匣).
    newsletter_smtp_url: '\n',
  };
  for (const [name, value] of Object.entries(files)) writeFileSync(join(dir, name), value, { mode: 0o600 });
  return { adminPassword };
}
