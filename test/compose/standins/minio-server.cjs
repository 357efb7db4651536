// s3rver with MinIO's credentials: MINIO_ROOT_USER / MINIO_ROOT_PASSWORD (or, as MinIO reads
// Docker secrets, MINIO_ROOT_USER_FILE / MINIO_ROOT_PASSWORD_FILE) become the only key pair.
const { createHash } = require('node:crypto');
const { createWriteStream, mkdirSync, readFileSync } = require('node:fs');
const { mkdir } = require('node:fs/promises');
const { dirname } = require('node:path');
const { Readable, Transform } = require('node:stream');
const { pipeline } = require('node:stream/promises');
const S3rver = require('s3rver');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');
const FilesystemStore = require('s3rver/lib/stores/filesystem');

// MinIO answers a PUT once the object is stored: a GET right after reads all of it. s3rver answers
// once its checksum stream has read the body, before the file is flushed, so a GET right after
// can read a short file (test:compose's restore read back an object that did not match its
// backup). Here the answer waits for the file.
FilesystemStore.prototype.putObject = async function putObject(object) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(dirname(objectPath), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk, encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content, count, createWriteStream(objectPath));
  const digest = md5.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
};

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
