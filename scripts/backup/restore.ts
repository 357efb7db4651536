// `npm run restore -- <folder>`: a backup of `npm run backup` into an empty stack (a new database
// and bucket, its services stopped or not yet started): every file is checked against the
// manifest first, then the database is restored and every object put back and read again to
// compare its SHA-256. Refuses a database that already has the site's tables.
import { spawnSync } from 'node:child_process';
import { createReadStream, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { DUMP, MANIFEST, objectPath, sha256Of, type Manifest } from './manifest.js';
import { backupSettings, type BackupSettings } from './settings.js';

async function verifyFiles(folder: string, manifest: Manifest): Promise<void> {
  const files = [{ path: DUMP, ...manifest.database }, ...manifest.objects.map((o) => ({ path: objectPath(o.key), bytes: o.bytes, sha256: o.sha256 }))];
  for (const file of files) {
    const found = await sha256Of(join(folder, file.path));
    if (found.sha256 !== file.sha256 || found.bytes !== file.bytes) throw new Error(`${file.path} does not match the manifest: the backup is damaged`);
  }
}

async function refuseNonEmpty(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')");
    if (Number(rows[0]!.n) > 0) throw new Error('the database already has tables: restore into an empty database (drop and create it, or a new volume)');
  } finally {
    await client.end();
  }
}

export async function restore(folder: string, settings: BackupSettings): Promise<Manifest> {
  const manifest = JSON.parse(readFileSync(join(folder, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  await verifyFiles(folder, manifest);
  if (manifest.objects.length > 0 && !settings.s3) throw new Error('the backup has media objects: set S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY');
  await refuseNonEmpty(settings.databaseUrl);
  const pgRestore = spawnSync('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', settings.databaseUrl, join(folder, DUMP)], { encoding: 'utf8' });
  if (pgRestore.error) throw new Error(`pg_restore could not run (${pgRestore.error.message}): install the PostgreSQL client tools`);
  if (pgRestore.status !== 0) throw new Error(`pg_restore failed: ${pgRestore.stderr.trim()}`);
  if (settings.s3) {
    const { client, bucket } = settings.s3;
    if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket);
    for (const object of manifest.objects) {
      await client.putObject(bucket, object.key, createReadStream(join(folder, objectPath(object.key))), object.bytes, { 'Content-Type': object.contentType });
      const hash = createHash('sha256');
      for await (const chunk of await client.getObject(bucket, object.key)) hash.update(chunk as Buffer);
      if (hash.digest('hex') !== object.sha256) throw new Error(`${object.key}: the stored object does not match the backup`);
    }
  }
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: npm run restore -- <backup folder>');
    process.exit(2);
  }
  const started = Date.now();
  restore(resolve(folder), backupSettings()).then(
    (manifest) => console.log(`restore: ${folder} (taken ${manifest.createdAt}): database and ${manifest.objects.length} objects restored and checked, ${((Date.now() - started) / 1000).toFixed(1)} s`),
    (error: Error) => {
      console.error(`restore failed: ${error.message}`);
      process.exit(1);
    },
  );
}
