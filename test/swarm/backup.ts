// The backup and the restore as one-off Swarm services, exactly as docs/operations.md ("Docker
// Swarm") tells an operator: the backup image on the stack's backend network with the stack's
// secrets, writing into a folder of the node; the restore with the same image into an empty
// database and bucket beside the live ones (the live site keeps serving).
import { createHash } from 'node:crypto';
import { chownSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../compose/engine.js';
import { sleep, type Shell } from '../compose/shell.js';
import type { Swarm } from './swarm.js';

const RESTORED_DATABASE = 'coinmag_restore_check';
const RESTORED_BUCKET = 'coinmag-restore-check';

export function buildBackupImage(engine: Engine, shell: Shell, root: string, tag: string): void {
  shell.must(engine.docker, ['build', '-q', '-f', join(root, 'deploy/backup/Dockerfile'), '-t', `coinmag/backup:${tag}`, root], { env: engine.env, timeoutMs: 30 * 60_000, stream: true });
}

/** Runs a one-off service to its end; answers its output, or throws with it when it failed. */
async function oneOff(s: Swarm, name: string, args: string[], timeoutMs = 5 * 60_000): Promise<string> {
  s.docker(['service', 'create', '--name', name, '--restart-condition', 'none', '--detach', ...args], { quiet: true });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const state = s.docker(['service', 'ps', name, '--format', '{{.CurrentState}} {{.Error}}'], { quiet: true }).trim().split('\n')[0] ?? '';
      if (/^(Complete|Failed|Rejected)/.test(state)) {
        const logs = s.logsOf(name);
        if (!state.startsWith('Complete')) throw new Error(`${name}: ${state}\n${logs}`);
        return logs;
      }
      if (Date.now() > deadline) throw new Error(`${name} did not end within ${timeoutMs / 1000} s: ${state}`);
      await sleep(500);
    }
  } finally {
    s.docker(['service', 'rm', name], { quiet: true });
  }
}

export interface SwarmBackupFigures {
  backupSeconds: number;
  restoreSeconds: number;
  objects: number;
  databaseBytes: number;
}

/**
 * Backs the live stack up with the one-off service, checks every file against the manifest, and
 * restores it into an empty database and bucket with the same image. Answers the figures; the
 * caller compares the restored rows with the live ones.
 */
export async function backUpAndRestore(s: Swarm, stack: string, tag: string, work: string, secretsDir: string, postgres: string): Promise<SwarmBackupFigures> {
  const folder = join(work, 'backups');
  mkdirSync(folder, { recursive: true });
  // The image's user (the postgres image's: 999 in the official one, another in a stand-in) writes the folder.
  const uid = Number(s.docker(['run', '--rm', '--entrypoint', 'id', `coinmag/backup:${tag}`, '-u'], { quiet: true }).trim());
  chownSync(folder, uid, uid);
  const common = [
    '--network', `${stack}_backend`,
    '--secret', `source=${stack}_minio_root_password,target=minio_root_password`,
    '-e', 'S3_ENDPOINT=http://minio:9000', '-e', 'S3_ACCESS_KEY=coinmag', '-e', 'S3_SECRET_KEY_FILE=/run/secrets/minio_root_password',
    '--mount', `type=bind,source=${folder},target=/backups`,
  ];

  let started = Date.now();
  const out = await oneOff(s, `${stack}_backup_now`, [...common, '--secret', `source=${stack}_database_url,target=database_url`, '-e', 'DATABASE_URL_FILE=/run/secrets/database_url', '-e', 'S3_BUCKET=coinmag-media', `coinmag/backup:${tag}`]);
  const backupSeconds = (Date.now() - started) / 1000;
  const report = /^backup: \/backups\/(\S+): /m.exec(out);
  if (!report) throw new Error(`no report from the backup service:\n${out}`);
  const written = join(folder, report[1]!);
  const manifest = JSON.parse(readFileSync(join(written, 'manifest.json'), 'utf8')) as { database: { file: string; bytes: number; sha256: string }; objects: Array<{ key: string; sha256: string }> };
  const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
  if (sha256(join(written, manifest.database.file)) !== manifest.database.sha256) throw new Error('the dump on the node does not match its manifest');
  for (const object of manifest.objects) if (sha256(join(written, 'objects', object.key)) !== object.sha256) throw new Error(`${object.key} on the node does not match its manifest`);

  // An empty database beside the live one, as an operator restores into a fresh stack.
  s.exec(postgres, ['psql', '-U', 'coinmag', '-d', 'postgres', '-c', `drop database if exists ${RESTORED_DATABASE}`, '-c', `create database ${RESTORED_DATABASE}`]);
  const password = readFileSync(join(secretsDir, 'postgres_password'), 'utf8').trim();
  started = Date.now();
  const restored = await oneOff(s, `${stack}_restore_now`, [
    ...common,
    '-e', `DATABASE_URL=postgres://coinmag:${encodeURIComponent(password)}@postgres:5432/${RESTORED_DATABASE}`,
    '-e', `S3_BUCKET=${RESTORED_BUCKET}`,
    '--entrypoint', 'node', `coinmag/backup:${tag}`, '/opt/coinmag-backup/restore.js', `/backups/${report[1]}`,
  ]);
  const restoreSeconds = (Date.now() - started) / 1000;
  if (!/^restore: .*restored and checked/m.test(restored)) throw new Error(`the restore service did not report a checked restore:\n${restored}`);
  return { backupSeconds, restoreSeconds, objects: manifest.objects.length, databaseBytes: manifest.database.bytes };
}

/** A digest of a table's rows (ordered by id) in the live database or the restored one. */
export function tableDigest(s: Swarm, postgres: string, database: 'live' | 'restored', table: string): string {
  return s.exec(postgres, ['psql', '-U', 'coinmag', '-d', database === 'live' ? 'coinmag' : RESTORED_DATABASE, '-tAc', `select count(*) || ' ' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') from ${table} t`]).trim();
}
