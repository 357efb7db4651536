// s3rver with MinIO's credentials: MINIO_ROOT_USER / MINIO_ROOT_PASSWORD (or, as MinIO reads
// Docker secrets, MINIO_ROOT_USER_FILE / MINIO_ROOT_PASSWORD_FILE) become the only key pair.
const { mkdirSync, readFileSync } = require('node:fs');
const S3rver = require('s3rver');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');
// A PUT answered only once the object's file is written, as MinIO does (s3rver-whole-writes.cjs).
require('./s3rver-whole-writes.cjs');

const fromEnv = (name) => process.env[name] ?? (process.env[`${name}_FILE`] ? readFileSync(process.env[`${name}_FILE`], 'utf8').trim() : undefined);
const user = fromEnv('MINIO_ROOT_USER');
const password = fromEnv('MINIO_ROOT_PASSWORD');
if (!user || !password) {
  console.error('MINIO_ROOT_USER and MINIO_ROOT_PASSWORD are required');
  process.exit(1);
}
DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
DUMMY_ACCOUNT.createKeyPair(user, password);

const directory = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '/data';
mkdirSync(directory, { recursive: true });
const server = new S3rver({ port: 9000, address: '0.0.0.0', directory, silent: true, vhostBuckets: false });
server.run().then(() => console.log(`stand-in minio: S3 on :9000, data in ${directory}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close().finally(() => process.exit(0)));
