import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed hash; never throws for either. */
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/** argon2id with the library defaults (19 MiB, 2 passes, 1 lane: the OWASP baseline). */
export class Argon2Hasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}

/**
 * A hash of a random secret with the same parameters as real ones: checking a password
 * against it costs what a real check costs, so an unknown username answers as slowly.
 */
export function createDummyHash(hasher: PasswordHasher): Promise<string> {
  return hasher.hash(randomBytes(32).toString('hex'));
}
