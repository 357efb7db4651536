// `npm run backup -- [folder]` (default: a new dated folder in BACKUP_DIR, else ./backups): a consistent backup of the site into an empty folder: the whole
// database as one pg_dump snapshot, then every object of the media bucket with its SHA-256, then
// manifest.json. Media objects are written once under their content's hash and never changed, so
// every object the snapshot refers to is copied. See docs/operations.md, "Backups".
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DUMP, MANIFEST, objectPath, sha256Of, type Manifest, type ManifestObject } from './manifest.js';
import { backupSettings, type BackupSettings } from './settings.js';

export async function backup(folder: string, settings: BackupSettings): Promise<Manifest> {
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new Error(`${folder} is not empty: back up into a new folder`);
  mkdirSync(folder, { recursive: true });
  const dump = join(folder, DUMP);
  const pgDump = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', dump, '--dbname', settings.databaseUrl], { encoding: 'utf8' });
  if (pgDump.error) throw new Error(`pg_dump could not run (${pgDump.error.message}): install the PostgreSQL client tools`);
  if (pgDump.status !== 0) throw new Error(`pg_dump failed: ${pgDump.stderr.trim()}`);
  const objects: ManifestObject[] = [];
  if (settings.s3) {
    const { client, bucket } = settings.s3;
    const keys: string[] = [];
    if (await client.bucketExists(bucket)) for await (const item of client.listObjectsV2(bucket, '', true)) if (item.name) keys.push(item.name);
    for (const key of keys.sort()) {
      const path = join(folder, objectPath(key));
      mkdirSync(dirname(path), { recursive: true });
      const stat = await client.statObject(bucket, key);
      await pipeline(await client.getObject(bucket, key), createWriteStream(path));
      const { sha256, bytes } = await sha256Of(path);
      if (bytes !== stat.size) throw new Error(`${key}: read ${bytes} bytes of ${stat.size}`);
      objects.push({ key, bytes, sha256, contentType: String(stat.metaData?.['content-type'] ?? 'application/octet-stream') });
    }
  }
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), database: { file: DUMP, ...(await sha256Of(dump)) }, ...(settings.s3 ? { bucket: settings.s3.bucket } : {}), objects };
  writeFileSync(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const folder = process.argv[2] ?? join(process.env.BACKUP_DIR ?? 'backups', new Date().toISOString().replace(/[:.]/g, '-'));
  const started = Date.now();
  backup(resolve(folder), backupSettings()).then(
    (manifest) => console.log(`backup: ${folder}: database ${manifest.database.bytes} bytes, ${manifest.objects.length} objects, ${((Date.now() - started) / 1000).toFixed(1)} s`),
    (error: Error) => {
      console.error(`backup failed: ${error.message}`);
      process.exit(1);
    },
  );
}
