import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditListSchema, UPLOAD_AUDIT_PATH, uploadResponseSchema, type AuditEvent } from '@coinmag/contracts';
import { freePort } from '@coinmag/service-kit/testing';
import { startContent, type ContentHarness } from '../../content/test/content-harness.js';
import { AUDIT_DOWN, UploadAuditClient } from '../src/audit/upload-audit-client.js';
import type { ObjectStorage } from '../src/storage/object-storage.js';
import { ADAPTERS, type AdapterUnderTest } from './support/adapters.js';
import { createTestKeys } from './support/auth.js';
import { noisy, solid } from './support/fixtures.js';
import { startMedia, upload, type RunningMedia } from './support/service.js';

const keys = createTestKeys();

/**
 * Every upload is recorded in the content service's audit log (real Postgres) before it is
 * answered: content images and covers, who, from where, which file; and an upload that could
 * not be recorded is answered with an error, never a silent success.
 */
describe.each(ADAPTERS.map((make) => [make().name, make] as const))('uploads in the audit log: %s', (_name, make) => {
  const adapter: AdapterUnderTest = make();
  let storage: ObjectStorage;
  let content: ContentHarness;
  const token = keys.token();
  const running: RunningMedia[] = [];

  async function media(contentUrl: string, options: { proxyHops?: number; attempts?: number } = {}) {
    const service = await startMedia(storage, keys.publicKey, 2, {
      proxyHops: options.proxyHops ?? 0,
      audit: new UploadAuditClient(contentUrl, { attempts: options.attempts ?? 4, firstDelayMs: 100, timeoutMs: 2000 }),
    });
    running.push(service);
    return service;
  }

  async function uploads(): Promise<AuditEvent[]> {
    const res = await fetch(`${content.url}/api/admin/audit?kind=upload&limit=50`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return auditListSchema.parse(await res.json()).events;
  }

  beforeAll(async () => {
    await adapter.setUp();
    storage = await adapter.fresh();
    content = await startContent({ publicKey: keys.publicKey });
  });
  afterAll(async () => {
    for (const service of running) await service.close();
    await content?.close();
    await adapter.tearDown();
  });

  it('records a content image with the admin, the address and the stored file, and a cover as a cover', async () => {
    const service = await media(content.url, { proxyHops: 1 });
    const image = await solid(120, 80).jpeg().toBuffer();
    const res = await upload(service.url, token, image, 'photo.jpg', 'image/jpeg', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(201);
    const stored = uploadResponseSchema.parse(await res.json());

    const cover = await solid(90, 60, '#cc3366').png().toBuffer();
    const coverRes = await upload(service.url, token, cover, 'cover.png', 'image/png', { fields: { purpose: 'cover' }, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(coverRes.status).toBe(201);
    const storedCover = uploadResponseSchema.parse(await coverRes.json());

    const events = await uploads();
    const imageEntry = events.find((event) => event.summary.startsWith(stored.filename));
    expect(imageEntry).toMatchObject({ action: 'upload.image', actor: 'admin', ip: '203.0.113.9' });
    expect(imageEntry!.summary).toMatch(/（JPEG，\d+ KB，120×80）$/);
    const coverEntry = events.find((event) => event.summary.startsWith(storedCover.filename));
    expect(coverEntry).toMatchObject({ action: 'upload.cover', actor: 'admin', ip: '203.0.113.9' });
    expect(coverEntry!.summary).toMatch(/（PNG，\d+ KB，90×60）$/);
  });

  it('refuses an unknown purpose and records nothing for it', async () => {
    const service = await media(content.url);
    const before = (await uploads()).length;
    const res = await upload(service.url, token, await solid(10, 10).png().toBuffer(), 'x.png', 'image/png', { fields: { purpose: 'avatar' } });
    expect(res.status).toBe(400);
    expect((await uploads()).length).toBe(before);
  });

  it('answers 503 when the log cannot be written, and the retried upload is recorded once', async () => {
    const port = await freePort();
    const service = await media(`http://127.0.0.1:${port}`, { attempts: 2 });
    const image = await noisy(64, 64).png().toBuffer();
    const refused = await upload(service.url, token, image, 'n.png', 'image/png');
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: AUDIT_DOWN });

    // The content service comes back on that address; the admin uploads the same file again.
    const server: Server = await new Promise((resolve) => {
      const s = content.content.app.listen(port, '127.0.0.1', () => resolve(s));
    });
    try {
      const retried = await upload(service.url, token, image, 'n.png', 'image/png');
      expect(retried.status).toBe(201);
      const { filename } = uploadResponseSchema.parse(await retried.json());
      expect((await uploads()).filter((event) => event.summary.startsWith(filename))).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('rides out a content service that comes back within the retries', async () => {
    const port = await freePort();
    const client = new UploadAuditClient(`http://127.0.0.1:${port}`, { attempts: 5, firstDelayMs: 100 });
    let server: Server | undefined;
    const late = new Promise<void>((resolve) => {
      setTimeout(() => {
        server = content.content.app.listen(port, '127.0.0.1', () => resolve());
      }, 250);
    });
    try {
      // Sent before anything listens there: the first tries are refused, a later one lands.
      await client.record({ action: 'upload.image', ip: null, summary: 'late-check.png（PNG，1 KB，1×1）' }, { authorization: `Bearer ${token}`, requestId: 'late-1' });
      expect((await uploads()).filter((event) => event.summary.startsWith('late-check.png'))).toHaveLength(1);
    } finally {
      await late;
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  it('keeps one entry per request id however often it is sent, and only for the admin', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(content.url + UPLOAD_AUDIT_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'upload-retry-1', ...headers },
        body: JSON.stringify({ action: 'upload.image', ip: '198.51.100.4', summary: 'retry-check.png（PNG，1 KB，1×1）' }),
      });
    expect((await send({ authorization: `Bearer ${token}` })).status).toBe(201);
    expect((await send({ authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await send({})).status).toBe(401);
    expect((await uploads()).filter((event) => event.summary.startsWith('retry-check.png'))).toHaveLength(1);
  });
});
