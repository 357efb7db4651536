// s3rver with MinIO's credentials: MINIO_ROOT_USER / MINIO_ROOT_PASSWORD become the only key pair.
const { mkdirSync } = require('node:fs');
const S3rver = require('s3rver');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');

const user = process.env.MINIO_ROOT_USER;
const password = process.env.MINIO_ROOT_PASSWORD;
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
