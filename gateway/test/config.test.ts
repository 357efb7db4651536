import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspOptions, loadGatewayConfig } from '../src/config.js';

const root = resolve(import.meta.dirname, '..', '..');

describe('gateway configuration', () => {
  it('requires SITE_ORIGIN in production, so links never follow the Host header', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(/^SITE_ORIGIN is required in production/);
    expect(loadGatewayConfig({ NODE_ENV: 'production', SITE_ORIGIN: 'https://coinmag.example/' }).SITE_ORIGIN).toBe('https://coinmag.example');
    expect(loadGatewayConfig({}).SITE_ORIGIN).toBeUndefined();
  });

  it('takes origins only (no path), an empty value as unset, and an admin origin on another host', () => {
    expect(() => loadGatewayConfig({ SITE_ORIGIN: 'https://coinmag.example/news' })).toThrow(/SITE_ORIGIN/);
    expect(loadGatewayConfig({ ADMIN_ORIGIN: '' }).ADMIN_ORIGIN).toBeUndefined();
    expect(() => loadGatewayConfig({ SITE_ORIGIN: 'https://coinmag.example', ADMIN_ORIGIN: 'https://coinmag.example' })).toThrow(/ADMIN_ORIGIN/);
    expect(loadGatewayConfig({ SITE_ORIGIN: 'https://coinmag.example', ADMIN_ORIGIN: 'https://admin.coinmag.example' }).ADMIN_ORIGIN).toBe('https://admin.coinmag.example');
  });

  it('reads the ad hosts for the CSP and refuses what is not an origin', () => {
    expect(cspOptions(loadGatewayConfig({ CSP_AD_HOSTS: 'https://ads.example.com, https://*.cdn.example.com', MF_ADMIN_ENTRY: 'https://mf.example.com/admin/remoteEntry.js' }))).toEqual({
      adHosts: ['https://ads.example.com', 'https://*.cdn.example.com'],
      scriptOrigins: ['https://mf.example.com'],
    });
    expect(() => loadGatewayConfig({ CSP_AD_HOSTS: "https://ads.example.com 'unsafe-eval'" })).toThrow(/CSP_AD_HOSTS/);
  });

  it('stops the production gateway without SITE_ORIGIN with one line naming it', () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_ENV: 'production', JWT_PUBLIC_KEY: 'unused' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', resolve(root, 'gateway/src/main.ts')], { env, cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^SITE_ORIGIN is required in production/)]);
  });
});
