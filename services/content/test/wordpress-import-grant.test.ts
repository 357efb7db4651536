import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_AUDIT_PATH, WORDPRESS_IMPORT_PATHS, wordpressImportSchema } from '@coinmag/contracts';
import sharp from 'sharp';
import { grantAuthorization, grantDigest, signServiceGrant, SERVICE_GRANT_SCHEME, type ServiceGrant } from '@coinmag/service-kit';
import { createTestSigningKeys, signTestAdminToken } from '@coinmag/service-kit/testing';
import { UploadAuditClient } from '../../media/src/audit/upload-audit-client.js';
import { minioAdapter } from '../../media/test/support/adapters.js';
import { startMedia, upload as uploadToMedia, type RunningMedia } from '../../media/test/support/service.js';
import { startContent, type ContentHarness } from './content-harness.js';
import { WordPressImageGrants } from '../src/wordpress/wordpress-image-grants.js';
import { fixtureExport, startImageServer, type ImageServer } from './wordpress-fixture.js';

const SECRET = 'wordpress-grant-test-secret-0123456789';
const ADMIN = 'wp-confirming-admin';
const TOKEN_SECONDS = 5;

/**
 * The WordPress image import outlives the confirming admin's token: its uploads carry service
 * grants (service-kit service-grant.ts) that the real media service and the content service's
 * upload audit accept, and the audit names the admin who confirmed. Real Postgres, Redis, S3.
 */
describe('WordPress image import with a service grant', () => {
  const keys = createTestSigningKeys();
  const s3 = minioAdapter();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let images: ImageServer;
  let media: RunningMedia;
  let content: ContentHarness;
  let directory: string;
  let audit: UploadAuditClient | undefined;

  beforeAll(async () => {
    images = await startImageServer(0, gate);
    await s3.setUp();
    // The media service records each upload in content's audit log, as in production (content starts after it).
    const lateAudit = { record: (...args: Parameters<UploadAuditClient['record']>) => audit!.record(...args) } as UploadAuditClient;
    media = await startMedia(await s3.fresh(), keys.publicKey, 2, { forwardingSecret: SECRET, audit: lateAudit });
    directory = await mkdtemp(join(tmpdir(), 'coinmag-wp-grant-'));
    content = await startContent({
      publicKey: keys.publicKey,
      forwardingSecret: SECRET,
      wordpress: {
        directory,
        mediaUrl: media.url,
        imageLimits: { timeoutMs: 30_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3, allowedHosts: [new URL(images.url).host] },
        imageConcurrency: 2,
      },
    });
    audit = new UploadAuditClient(content.url);
  }, 60_000);
  afterAll(async () => {
    release();
    await content?.close();
    await media?.close();
    await s3.tearDown();
    await images?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('stores the images it fetches after the confirming admin\'s token expired, audited under that admin', async () => {
    const uploaded = await content.get(`${WORDPRESS_IMPORT_PATHS.imports}?filename=export.xml`, { method: 'POST', body: await fixtureExport(images.url), headers: { authorization: `Bearer ${signTestAdminToken(keys.privateKey, { username: ADMIN })}`, 'content-type': 'application/xml' } });
    expect(uploaded.status).toBe(201);
    // The admin confirms with a token that lives TOKEN_SECONDS (20 minutes in production).
    const token = signTestAdminToken(keys.privateKey, { username: ADMIN }, { expiresIn: TOKEN_SECONDS });
    const expiresAt = Date.now() + TOKEN_SECONDS * 1000;
    const confirmed = await content.get(WORDPRESS_IMPORT_PATHS.confirm(uploaded.body.id), { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(confirmed.status).toBe(202);

    // The old site answers only once the admin's token has expired: media refuses that token by then.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 1000));
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect((await uploadToMedia(media.url, token, png, 'a.png', 'image/png')).status).toBe(401);
    release();
    await content.content.wordpress.runner.settled(uploaded.body.id);

    const job = wordpressImportSchema.parse((await content.get(WORDPRESS_IMPORT_PATHS.importOf(uploaded.body.id), { headers: { authorization: `Bearer ${signTestAdminToken(keys.privateKey)}` } })).body);
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    expect(job.progress).toMatchObject({ created: 4, failed: 0, images_fetched: 5, images_failed: 1 });
    const bitcoin = await content.db('articles').where({ slug: '比特幣突破新高' }).first();
    expect(bitcoin.featured_image).toMatch(/^\/uploads\//);
    expect((await fetch(media.url + bitcoin.featured_image)).status).toBe(200);
    // Every image the old site has was brought over; the one it answers 404 for is the only one not.
    expect((await content.db('wordpress_images').whereNull('url').select('source_url')).map((row) => new URL(row.source_url).pathname)).toEqual(['/wp-content/uploads/2024/04/missing.jpg']);
    // One audit entry per stored image, each naming the admin who confirmed the import and the import.
    const entries = await content.db('audit_events').where({ action: 'upload.image' }).select('actor', 'request_id', 'summary');
    expect(entries).toHaveLength(5);
    expect(new Set(entries.map((entry) => entry.actor))).toEqual(new Set([ADMIN]));
    for (const entry of entries) expect(entry.summary).toMatch(new RegExp(`^WordPress 匯入 #${uploaded.body.id}：`));
    // Each grant was redeemed by its own upload.
    expect(Number((await content.db('wordpress_image_grants').where({ import_id: uploaded.body.id }).whereNull('request_id').count({ n: '*' }))[0]!.n)).toBe(0);
    expect(await content.db('wordpress_imports').where({ id: uploaded.body.id }).first('confirmed_by')).toEqual({ confirmed_by: ADMIN });
  }, 60_000);

  it('goes on with its images by itself after a restart, with no admin signed in', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><link>https://restarted.example.com</link><item><title>重新啟動之後</title><content:encoded><![CDATA[<p>圖表</p><img src="${images.url}/wp-content/uploads/2024/05/chart.png">]]></content:encoded><wp:post_id>7001</wp:post_id><wp:post_date_gmt>2024-01-01 00:00:00</wp:post_date_gmt><wp:post_name>after-restart</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item></channel></rss>`;
    const uploaded = await content.get(`${WORDPRESS_IMPORT_PATHS.imports}?filename=restart.xml`, { method: 'POST', body: xml, headers: { authorization: `Bearer ${signTestAdminToken(keys.privateKey, { username: ADMIN })}`, 'content-type': 'application/xml' } });
    expect(uploaded.status).toBe(201);
    // As a process that stopped mid-job leaves it: running, confirmed by the admin, no heartbeat for a minute; the image not yet brought over.
    await content.db('wordpress_imports').where({ id: uploaded.body.id }).update({ status: 'running', confirmed_by: ADMIN, started_at: new Date(), heartbeat_at: new Date(Date.now() - 60_000) });
    await content.db('wordpress_images').del();
    const auditBefore = Number((await content.db('audit_events').where({ action: 'upload.image' }).count({ n: '*' }))[0]!.n);

    await content.content.wordpress.runner.resumeInterrupted();
    await content.content.wordpress.runner.settled(uploaded.body.id);

    const job = await content.db('wordpress_imports').where({ id: uploaded.body.id }).first('status', 'progress');
    expect(job).toMatchObject({ status: 'done', progress: expect.objectContaining({ created: 1, images_fetched: 1, images_failed: 0 }) });
    expect((await content.db('articles').where({ slug: 'after-restart' }).first('content')).content).toMatch(/<img src="\/uploads\/[^"]+"/);
    expect(await content.db('audit_events').where({ action: 'upload.image' }).orderBy('id', 'desc').first('actor')).toEqual({ actor: ADMIN });
    expect(Number((await content.db('audit_events').where({ action: 'upload.image' }).count({ n: '*' }))[0]!.n)).toBe(auditBefore + 1);
  }, 60_000);

  describe('a grant is accepted only as content issued it: signed, unexpired, for its job, its file and its purpose, once, where asked', () => {
    let png: Buffer;
    let jobId: number;
    let grants: WordPressImageGrants;
    const grant = (over: Partial<ServiceGrant> = {}): ServiceGrant => ({ purpose: 'wordpress-images', actor: ADMIN, job: jobId, digest: grantDigest(png), id: 'x'.repeat(32), exp: Date.now() + 60_000, ...over });
    const send = (authorization: string, data = png, requestId = `grant-check-${Math.random()}`) =>
      uploadToMedia(media.url, undefined, data, 'a.png', 'image/png', { headers: { authorization, 'x-request-id': requestId } });
    const audited = async (): Promise<number> => Number((await content.db('audit_events').count({ n: '*' }))[0]!.n);

    beforeAll(async () => {
      png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3355aa' } }).png().toBuffer();
      grants = new WordPressImageGrants(content.db);
      const [row] = await content.db('wordpress_imports').insert({ filename: 'grants.xml', file_path: join(directory, 'grants.xml'), file_bytes: 0, progress: JSON.stringify({}), status: 'running', with_images: true, confirmed_by: ADMIN, started_at: new Date(), heartbeat_at: new Date() }).returning('id');
      jobId = row.id;
    });

    it('media stores an image under a grant content issued for it, audited under the admin and the job', async () => {
      const issued = await grants.issue(jobId, ADMIN, grantDigest(png));
      const res = await send(grantAuthorization(issued, SECRET), png, 'grant-check-issued');
      expect(res.status).toBe(201);
      expect(await content.db('audit_events').where({ request_id: 'grant-check-issued' }).first('actor', 'summary')).toEqual({ actor: ADMIN, summary: expect.stringMatching(new RegExp(`^WordPress 匯入 #${jobId}：`)) });
      // Once: another upload with the same grant is refused; the same upload's retry is not.
      expect((await send(grantAuthorization(issued, SECRET), png, 'grant-check-issued')).status).toBe(201);
      expect(Number((await content.db('audit_events').where({ request_id: 'grant-check-issued' }).count({ n: '*' }))[0]!.n)).toBe(1);
      expect((await send(grantAuthorization(issued, SECRET), png, 'grant-check-reuse')).status).toBe(401);
      expect(await content.db('audit_events').where({ request_id: 'grant-check-reuse' }).first()).toBeUndefined();
    });

    it.each([
      ['signed with the services\' secret but never issued by content (as the gateway or any other holder of FORWARDING_SECRET could make)', () => grantAuthorization(grant({ id: 'not-issued-by-content-000000' }), SECRET)],
      ['issued by content for another file', async () => grantAuthorization(await grants.issue(jobId, ADMIN, 'f'.repeat(64)), SECRET)],
      ['issued by content, with another admin named after signing', async () => grantAuthorization({ ...(await grants.issue(jobId, ADMIN, grantDigest(png))), actor: 'someone-else' }, SECRET)],
      ['issued by content, with another job named after signing', async () => grantAuthorization({ ...(await grants.issue(jobId, ADMIN, grantDigest(png))), job: jobId + 1000 }, SECRET)],
      ['signed with another secret', async () => grantAuthorization(await grants.issue(jobId, ADMIN, grantDigest(png)), 'another-secret-of-enough-length')],
      ['expired', () => grantAuthorization(grant({ exp: Date.now() - 1000 }), SECRET)],
      ['signed to live longer than a grant may', () => grantAuthorization(grant({ exp: Date.now() + 60 * 60_000 }), SECRET)],
      ['for another purpose', () => grantAuthorization(grant({ purpose: 'something-else' as ServiceGrant['purpose'] }), SECRET)],
      ['with its claims changed after signing', async () => {
        const issued = await grants.issue(jobId, ADMIN, grantDigest(png));
        const [, mac] = signServiceGrant(issued, SECRET).split('.');
        return `${SERVICE_GRANT_SCHEME} ${Buffer.from(JSON.stringify({ p: 'wordpress-images', a: 'someone-else', j: jobId, d: issued.digest, i: issued.id, e: issued.exp })).toString('base64url')}.${mac}`;
      }],
    ])('media refuses a grant %s, and nothing is audited', async (_label, authorization) => {
      const before = await audited();
      expect((await send(await authorization())).status).toBe(401);
      expect(await audited()).toBe(before);
    });

    it('media refuses a grant content issued once its job is no longer running', async () => {
      const issued = await grants.issue(jobId, ADMIN, grantDigest(png));
      await content.db('wordpress_imports').where({ id: jobId }).update({ status: 'done' });
      try {
        expect((await send(grantAuthorization(issued, SECRET))).status).toBe(401);
      } finally {
        await content.db('wordpress_imports').where({ id: jobId }).update({ status: 'running' });
      }
    });

    it('content takes a grant on the upload audit only, not on any admin route', async () => {
      const authorization = grantAuthorization(await grants.issue(jobId, ADMIN, grantDigest(png)), SECRET);
      const recorded = await content.get(UPLOAD_AUDIT_PATH, { method: 'POST', headers: { authorization, 'content-type': 'application/json', 'x-request-id': 'grant-audit-check-1' }, body: JSON.stringify({ action: 'upload.image', ip: null, summary: 'grant check' }) });
      expect(recorded.status).toBe(201);
      expect(await content.db('audit_events').where({ request_id: 'grant-audit-check-1' }).first('actor', 'summary')).toEqual({ actor: ADMIN, summary: `WordPress 匯入 #${jobId}：grant check` });
      for (const path of ['/api/admin/audit', WORDPRESS_IMPORT_PATHS.imports + '/latest', '/api/glossary/admin/terms']) {
        expect((await content.get(path, { headers: { authorization } })).status).toBe(401);
      }
    });
  });
});
