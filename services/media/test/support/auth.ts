import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface TestKeys {
  publicKey: string;
  /** A token with the claims the auth service signs (see service-kit admin-token.ts). */
  token(overrides?: { expiresInSeconds?: number; privateKey?: string }): string;
}

export function createTestKeys(): TestKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    publicKey,
    token: ({ expiresInSeconds = 3600, privateKey: signingKey = privateKey } = {}) =>
      jwt.sign({ username: 'admin', tv: 1 }, signingKey, {
        algorithm: 'ES256',
        issuer: 'coinmag-auth',
        audience: 'coinmag-admin',
        subject: '1',
        expiresIn: expiresInSeconds,
      }),
  };
}

/** A key pair the media service does not trust. */
export function foreignPrivateKey(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
}
