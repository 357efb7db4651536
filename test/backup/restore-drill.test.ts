// The restore drill (docs/operations.md, "Backups"): a site with articles, revisions, view counts,
// settings, an admin account and images in S3; `backup`; every copy destroyed (the database dropped,
// the S3 server's data deleted); `restore` into an empty database and a new S3 server; every
// table's rows and every object's SHA-256 equal to what was there. Real Postgres, Redis and S3.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import { Client } from 'minio';
import S3rver from 's3rver';
// A PUT answered once its object is written, as S3 and MinIO do.
import '../compose/standins/s3rver-whole-writes.cjs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { createTestDatabase, type TestDatabase } from '@coinmag/service-kit/testing';
import { Argon2Hasher } from '../../services/auth/src/admin/password-hasher.js';
import { prepareDatabase } from '../../services/auth/src/database.js';
import { adminClient, articleFields } from '../../services/content/test/admin-client.js';
import { startContent, type ContentHarness } from '../../services/content/test/content-harness.js';
import { backup } from '../../scripts/backup/backup.js';
import { restore } from '../../scripts/backup/restore.js';

const BUCKET = 'coinmag-media';
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function s3Server(): Promise<{ client: Client; stop: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'coinmag-drill-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const client = new Client({ endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', pathStyle: true });
  // Destroying the server destroys its data: nothing of it is left for the restore.
  const stop = async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  };
  cleanups.push(stop);
  return { client, stop };
}

/** Every table of the site's schemas, as the md5 of its rows in a fixed order, with the row count. */
async function tables(url: string): Promise<Record<string, string>> {
  const db = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    const names = (await db.raw("select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('content', 'auth') and table_type = 'BASE TABLE' order by 1")).rows as Array<{ name: string }>;
    const out: Record<string, string> = {};
    for (const { name } of names) {
      const row = (await db.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${name} t`)).rows[0] as { n: number; digest: string };
      out[name] = `${row.n} rows ${row.digest}`;
    }
    return out;
  } finally {
    await db.destroy();
  }
}

async function objects(client: Client): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const item of client.listObjectsV2(BUCKET, '', true)) {
    const hash = createHash('sha256');
    for await (const chunk of await client.getObject(BUCKET, item.name!)) hash.update(chunk as Buffer);
    out[item.name!] = hash.digest('hex');
  }
  return out;
}

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = knex({ client: 'pg', connection: process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', pool: { min: 0, max: 1 } });
  try {
    await admin.raw('drop database if exists ?? with (force)', [name]);
    expect((await admin.raw('select 1 from pg_database where datname = ?', [name])).rows).toEqual([]);
  } finally {
    await admin.destroy();
  }
}

describe('the restore drill', () => {
  it('brings back every table row and every media object after all of them are destroyed', async () => {
    // The site: content (articles with revisions, settings, view counts) and auth (the admin) in one database.
    const content: ContentHarness = await startContent();
    const connection = content.db.client.config.connection as string | { host: string; port?: number; user?: string; password?: string; database: string };
    const databaseUrl = typeof connection === 'string' ? connection : `postgres://${encodeURIComponent(connection.user ?? 'postgres')}${connection.password ? `:${encodeURIComponent(connection.password)}` : ''}@${connection.host}:${connection.port ?? 5432}/${connection.database}`;
    const auth: Knex = createDatabase({ url: databaseUrl, schema: 'auth', poolMax: 1, log: createLogger('drill', 'silent') });
    await prepareDatabase({ db: auth, schema: 'auth', hasher: new Argon2Hasher(), log: createLogger('drill', 'silent'), adminPassword: `Drill${randomBytes(8).toString('hex')}` });
    await auth.destroy();
    const admin = adminClient(content);
    const ids: number[] = [];
    for (const title of ['備份演練：冷錢包', '備份演練：以太坊質押', '備份演練：穩定幣']) {
      const created = await admin.createArticle(articleFields({ title }));
      expect(created.status).toBe(201);
      ids.push(created.body.id as number);
      for (const version of [2, 3]) expect((await admin.updateArticle(created.body.id, articleFields({ title: `${title}（第${version}版）` }))).status).toBe(200);
    }
    expect((await admin.json('PUT', '/api/settings/admin', { site_title: '備份演練雜誌' })).status).toBe(200);
    await content.db('articles').whereIn('id', ids).update({ view_count: content.db.raw('id * 37 + 5') });
    const s3 = await s3Server();
    await s3.client.makeBucket(BUCKET);
    for (const [key, color] of [['uploads/0123456789abcdef0123456789abcdef.jpg', '#f7931a'], ['uploads/0123456789abcdef0123456789abcdef-w480.webp', '#627eea']] as const) {
      const image = key.endsWith('.jpg') ? await sharp({ create: { width: 640, height: 360, channels: 3, background: color } }).jpeg().toBuffer() : await sharp({ create: { width: 480, height: 270, channels: 3, background: color } }).webp().toBuffer();
      await s3.client.putObject(BUCKET, key, image, image.length, { 'Content-Type': key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp' });
    }
    const before = { tables: await tables(databaseUrl), objects: await objects(s3.client) };
    expect(before.tables['content.articles']).toMatch(/^[1-9]\d* rows /);
    expect(Object.keys(before.tables).some((name) => /revision/.test(name) && !before.tables[name]!.startsWith('0 rows'))).toBe(true);
    expect(before.tables['auth.admin_users'] ?? Object.entries(before.tables).find(([name]) => name.startsWith('auth.'))?.[1]).toMatch(/^[1-9]/);

    const folder = join(await mkdtemp(join(tmpdir(), 'coinmag-drill-backup-')), 'backup');
    cleanups.push(() => rm(join(folder, '..'), { recursive: true, force: true }));
    const manifest = await backup(folder, { databaseUrl, s3: { client: s3.client, bucket: BUCKET } });
    expect(manifest.objects.map((o) => o.key).sort()).toEqual(Object.keys(before.objects).sort());

    // Every copy but the backup destroyed.
    await content.close(); // drops its database too
    await dropDatabase(databaseUrl);
    await s3.stop();

    const fresh: TestDatabase = await createTestDatabase('cm_drill_restore');
    cleanups.push(() => fresh.drop());
    const newS3 = await s3Server();
    const started = Date.now();
    await restore(folder, { databaseUrl: fresh.url, s3: { client: newS3.client, bucket: BUCKET } });
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`restore drill: ${Object.keys(before.tables).length} tables, ${manifest.objects.length} objects restored in ${seconds.toFixed(1)} s\n`);

    expect(await tables(fresh.url)).toEqual(before.tables);
    expect(await objects(newS3.client)).toEqual(before.objects);
    // A second restore would mix two sites: refused.
    await expect(restore(folder, { databaseUrl: fresh.url, s3: { client: newS3.client, bucket: BUCKET } })).rejects.toThrow(/already has tables/);
  }, 120_000);
});
