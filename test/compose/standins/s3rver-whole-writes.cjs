// s3rver answers a PUT once its checksum stream has read the body, before the object's file is
// flushed, so a GET or HEAD right after can read a short or empty file (seen: a restore drill read
// back a short image; the media storage contract test saw size 0 right after an overwrite). MinIO
// and S3 answer once the object is stored. Requiring this module makes s3rver's filesystem store do
// the same: the answer waits for the file. Used by the MinIO stand-in and by every test that starts
// an s3rver (services/media/test/support/s3-server.ts, test/backup, test/deploy).
const { createHash } = require('node:crypto');
const { createWriteStream } = require('node:fs');
const { mkdir } = require('node:fs/promises');
const { dirname } = require('node:path');
const { Readable, Transform } = require('node:stream');
const { pipeline } = require('node:stream/promises');
const FilesystemStore = require('s3rver/lib/stores/filesystem');

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
