import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../admin-token.js';

export interface TestKeys {
  privateKey: string;
  publicKey: string;
}

/** An ES256 key pair for a test run (services only ever see the public half). */
export function createTestSigningKeys(): TestKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

/** A token shaped like the auth service's; `claims` and `options` let a test break it on purpose. */
export function signTestAdminToken(privateKey: string, claims: Record<string, unknown> = {}, options: jwt.SignOptions = {}): string {
  return jwt.sign({ username: 'admin', tv: 0, ...claims }, privateKey, {
    algorithm: TOKEN_ALGORITHM,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    subject: '1',
    expiresIn: '1h',
    ...options,
  });
}
