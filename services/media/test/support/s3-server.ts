import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
// A PUT answered once its object is written, as S3 and MinIO do.
import '../../../../test/compose/standins/s3rver-whole-writes.cjs';
import { MinioStorage } from '../../src/storage/minio-storage.js';
import type { ObjectStorage } from '../../src/storage/object-storage.js';

export interface TestS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** A fresh bucket and key prefix, so runs never see each other's objects. */
  storage(): ObjectStorage;
  stop(): Promise<void>;
}

/** The S3 server of `S3_ENDPOINT` when given (CI's MinIO), else an s3rver started here. */
export async function startTestS3(): Promise<TestS3> {
  const given = process.env.S3_ENDPOINT;
  let stop = async () => undefined as void;
  let endpoint: string;
  let accessKey = process.env.S3_ACCESS_KEY ?? 'S3RVER';
  let secretKey = process.env.S3_SECRET_KEY ?? 'S3RVER';
  if (given) {
    endpoint = given;
  } else {
    const directory = await mkdtemp(join(tmpdir(), 'coinmag-s3rver-'));
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    accessKey = 'S3RVER';
    secretKey = 'S3RVER';
    stop = async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    };
  }
  return {
    endpoint,
    accessKey,
    secretKey,
    storage: () =>
      new MinioStorage({
        endpoint,
        accessKey,
        secretKey,
        bucket: `coinmag-test-${randomBytes(4).toString('hex')}`,
        region: 'us-east-1',
        prefix: `run-${randomBytes(4).toString('hex')}/`,
      }),
    stop,
  };
}

/** An endpoint where nothing listens: a store that is down. */
export async function downEndpoint(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
