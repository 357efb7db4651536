import { spawn } from 'node:child_process';
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort, type TestDatabase } from '@coinmag/service-kit/testing';
import { DEFAULT_ADMIN_PASSWORD } from '../src/config.js';

const root = resolve(import.meta.dirname, '../../..');
const mainEntry = join(root, 'services/auth/src/main.ts');
const migrateEntry = join(root, 'services/auth/src/migrate.ts');

/** The parent's environment without anything that would configure the service under test. */
function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(ADMIN_PASSWORD|JWT_|REDIS_URL|DATABASE_URL|DB_SCHEMA|PORT|NODE_ENV|TOKEN_TTL|SESSION_MAX_AGE|DATA_DIR|LOG_LEVEL)/.test(name)) delete env[name];
  }
  return { ...env, ...extra };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runToExit(entry: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, env: cleanEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase('cm_auth_main');
  dataDir = mkdtempSync(join(tmpdir(), 'cm-auth-'));
});
afterAll(async () => {
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('starting in production', () => {
  it('refuses without ADMIN_PASSWORD, in one line, with a non-zero exit', async () => {
    const run = await runToExit(mainEntry, { NODE_ENV: 'production', DATABASE_URL: database.url, JWT_PRIVATE_KEY_FILE: '/nonexistent.pem' });
    expect(run.code).not.toBe(0);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Refusing to start in production: set ADMIN_PASSWORD;/);
  });

  it('refuses without a signing key, naming it', async () => {
    const run = await runToExit(mainEntry, { NODE_ENV: 'production', DATABASE_URL: database.url, ADMIN_PASSWORD: 'a-strong-password' });
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Refusing to start in production: set JWT_PRIVATE_KEY (or JWT_PRIVATE_KEY_FILE); there is no default admin password or signing key in production.',
    ]);
  });

  it('refuses to make the admin account in production without ADMIN_PASSWORD', async () => {
    const run = await runToExit(migrateEntry, { NODE_ENV: 'production', DATABASE_URL: database.url });
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('ADMIN_PASSWORD');
  });
});

describe('starting in development with nothing configured but the database', () => {
  it('migrates, makes the default admin and a key pair, serves logins, and never logs a password or token', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', mainEntry], {
      cwd: root,
      env: cleanEnv({ NODE_ENV: 'development', DATABASE_URL: database.url, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'debug' }),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    try {
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 20_000;
      while (!(await fetch(`${url}/healthz`).then((res) => res.ok, () => false))) {
        if (Date.now() > deadline) throw new Error(`auth did not start:\n${output}`);
        await new Promise((wait) => setTimeout(wait, 100));
      }
      expect(existsSync(join(dataDir, 'keys', 'jwt-private.pem'))).toBe(true);
      const post = (password: string) =>
        fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
      expect((await post('wrong-secret-xyz')).status).toBe(401);
      const ok = await post(DEFAULT_ADMIN_PASSWORD);
      expect(ok.status).toBe(200);
      const { token } = (await ok.json()) as { token: string };
      const verified = await fetch(`${url}/api/admin/verify`, { headers: { authorization: `Bearer ${token}` } });
      expect(verified.status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('admin account created');
      expect(output).toContain('/api/admin/login');
      expect(output).not.toContain('wrong-secret-xyz');
      expect(output).not.toContain(DEFAULT_ADMIN_PASSWORD);
      expect(output).not.toContain(token);
      expect(output).not.toContain(token.split('.')[2]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
