import { describe, expect, it } from 'vitest';
import { ConfigError } from '@coinmag/service-kit';
import { loadAuthConfig, sessionMaxAgeSeconds, tokenTtlSeconds } from './config.js';
import { parseDurationSeconds } from './duration.js';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/x';

describe('parseDurationSeconds', () => {
  it('reads plain seconds and s, m, h, d units', () => {
    expect(parseDurationSeconds('90')).toBe(90);
    expect(parseDurationSeconds('30s')).toBe(30);
    expect(parseDurationSeconds('15m')).toBe(900);
    expect(parseDurationSeconds('12h')).toBe(43_200);
    expect(parseDurationSeconds('7d')).toBe(604_800);
  });

  it('refuses zero, negatives and other spellings', () => {
    for (const text of ['0', '-5m', '12 hours', '1.5h', '', 'h']) expect(parseDurationSeconds(text)).toBeUndefined();
  });
});

describe('loadAuthConfig', () => {
  it('has development defaults: port 4001, schema auth, 20 minute tokens in 12 hour sessions, no Redis', () => {
    const config = loadAuthConfig({ DATABASE_URL });
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 4001, DB_SCHEMA: 'auth', TOKEN_TTL: '20m', SESSION_MAX_AGE: '12h', DATA_DIR: './data' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(tokenTtlSeconds(config)).toBe(1_200);
    expect(sessionMaxAgeSeconds(config)).toBe(43_200);
  });

  it('names a bad variable without echoing its value', () => {
    expect(() => loadAuthConfig({ DATABASE_URL, ADMIN_PASSWORD: 'short-pw' })).toThrow(/ADMIN_PASSWORD: must be at least 10 characters/);
    expect(() => loadAuthConfig({ DATABASE_URL, ADMIN_PASSWORD: 'short-pw' })).not.toThrow(/short-pw/);
    expect(() => loadAuthConfig({ DATABASE_URL, TOKEN_TTL: 'forever' })).toThrow(/TOKEN_TTL/);
    expect(() => loadAuthConfig({})).toThrow(/DATABASE_URL/);
  });

  it('refuses production without an admin password and a signing key, naming both', () => {
    expect(() => loadAuthConfig({ DATABASE_URL, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadAuthConfig({ DATABASE_URL, NODE_ENV: 'production' })).toThrow(
      'Refusing to start in production: set ADMIN_PASSWORD and JWT_PRIVATE_KEY (or JWT_PRIVATE_KEY_FILE); there is no default admin password or signing key in production.',
    );
    expect(() => loadAuthConfig({ DATABASE_URL, NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-password', JWT_PRIVATE_KEY_FILE: '/run/secrets/jwt.pem' })).not.toThrow();
  });

  it('refuses the published development default as the production password', () => {
    expect(() => loadAuthConfig({ DATABASE_URL, NODE_ENV: 'production', ADMIN_PASSWORD: 'admin12345', JWT_PRIVATE_KEY_FILE: '/k.pem' })).toThrow(/development default/);
  });

  it('lets the production migration job run without a signing key', () => {
    expect(() => loadAuthConfig({ DATABASE_URL, NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-password' }, 'migrate')).not.toThrow();
    expect(() => loadAuthConfig({ DATABASE_URL, NODE_ENV: 'production' }, 'migrate')).toThrow(/set ADMIN_PASSWORD;/);
  });
});
