import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, listen, type RunningServer } from '@coinmag/service-kit';
import { DEFAULT_SETTINGS, type Settings } from '@coinmag/contracts';
import { createGatewayApp } from '../../src/app.js';
import { createAdminGuard } from '../../src/admin/admin-guard.js';
import { createFrontends } from '../../src/frontends/serve-frontends.js';
import { generateSigningKeys } from '../../../services/auth/test/auth-test-app.js';
import { ensureBuiltFrontends, FRONTENDS } from './built-frontends.js';

/** What the content stub answers besides settings and header categories: path → JSON body (200). */
export type ContentAnswers = Record<string, unknown>;

export interface PageGateway {
  url: string;
  /** Every path the content stub was asked for. */
  contentSeen: string[];
  close(): Promise<void>;
}

/**
 * The whole gateway as main.ts assembles it (admin guard, proxy, the built frontends rendering
 * pages on the server) in front of a content service stand-in answering `settings`, the header
 * categories and `answers`; 404 for anything else. No auth service: no public page asks it.
 */
export async function startPageGateway(settings: Partial<Settings>, answers: ContentAnswers = {}): Promise<PageGateway> {
  await ensureBuiltFrontends();
  const contentSeen: string[] = [];
  const content: Server = createServer((req, res) => {
    contentSeen.push(req.url ?? '');
    const path = new URL(req.url ?? '/', 'http://content').pathname;
    const body = path === '/api/settings' ? { ...DEFAULT_SETTINGS, ...settings } : path === '/api/categories/header' ? [] : answers[path];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: '找不到資源' }));
  });
  await new Promise<void>((done) => content.listen(0, '127.0.0.1', done));
  const contentUrl = `http://127.0.0.1:${(content.address() as AddressInfo).port}`;
  const log = createLogger('gateway-test', 'silent');
  const frontends = createFrontends({ frontendsDir: FRONTENDS, contentUrl, log });
  // Nothing listens at the auth URL: a request that reached auth would fail loudly.
  const authUrl = 'http://127.0.0.1:9';
  const adminGuard = createAdminGuard({ publicKey: generateSigningKeys().publicKey, authUrl, timeoutMs: 2000, confirmCacheMs: 0 });
  const config = { CONTENT_URL: contentUrl, AUTH_URL: authUrl, MEDIA_URL: contentUrl, UPSTREAM_TIMEOUT_MS: 5000, UPLOAD_TIMEOUT_MS: 5000 };
  const running: RunningServer = await listen(createGatewayApp({ config, log, adminGuard, frontends: frontends.serve, pages: frontends.pages }), 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${running.port}`,
    contentSeen,
    async close() {
      await running.close();
      await new Promise((done) => content.close(done));
    },
  };
}
