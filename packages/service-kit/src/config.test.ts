import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config.js';

const schema = z.object({ DATABASE_URL: z.string().url(), PORT: z.coerce.number().default(1) });

describe('configuration from secret files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'config-secret-'));
  const secret = join(dir, 'database_url');
  writeFileSync(secret, 'postgres://coinmag:s3cret@postgres:5432/coinmag\n');

  it('reads <NAME>_FILE for an unset variable the schema declares, without the trailing newline', () => {
    expect(loadConfig(schema, { DATABASE_URL_FILE: secret }).DATABASE_URL).toBe('postgres://coinmag:s3cret@postgres:5432/coinmag');
  });

  it('lets the variable itself win, and ignores files for variables the schema does not declare', () => {
    expect(loadConfig(schema, { DATABASE_URL: 'postgres://a@b/c', DATABASE_URL_FILE: secret }).DATABASE_URL).toBe('postgres://a@b/c');
    expect(loadConfig(schema, { DATABASE_URL: 'postgres://a@b/c', OTHER_FILE: '/nonexistent' })).not.toHaveProperty('OTHER');
  });

  it('leaves a <NAME>_FILE the schema declares itself to the schema (a key path, read by the service)', () => {
    const withKeyPath = z.object({ KEY: z.string().optional(), KEY_FILE: z.string().optional() });
    expect(loadConfig(withKeyPath, { KEY_FILE: join(dir, 'missing') })).toEqual({ KEY_FILE: join(dir, 'missing') });
  });

  it('leaves the variable unset when its file holds only a blank line (a Docker secret cannot be empty)', () => {
    const blank = join(dir, 'blank');
    writeFileSync(blank, '\n');
    const optional = z.object({ SMTP_URL: z.string().url().optional() });
    expect(loadConfig(optional, { SMTP_URL_FILE: blank })).toEqual({});
  });

  it('names the variable, not the path or the value, when the file cannot be read', () => {
    expect(() => loadConfig(schema, { DATABASE_URL_FILE: join(dir, 'missing') })).toThrow(new ConfigError('Invalid configuration: DATABASE_URL_FILE: cannot read the file it names'));
  });
});
