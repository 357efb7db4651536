// A backup folder: postgres.dump (pg_dump's custom format), objects/<key> (every media object),
// manifest.json (what is there, each file's SHA-256). A restore trusts nothing the manifest does not vouch for.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export const MANIFEST = 'manifest.json';
export const DUMP = 'postgres.dump';
export const OBJECTS = 'objects';

export interface ManifestObject {
  key: string;
  bytes: number;
  sha256: string;
  contentType: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string };
  bucket?: string;
  objects: ManifestObject[];
}

export function sha256Of(path: string): Promise<{ sha256: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    createReadStream(path)
      .on('data', (chunk) => {
        bytes += chunk.length;
        hash.update(chunk);
      })
      .on('error', reject)
      .on('end', () => resolve({ sha256: hash.digest('hex'), bytes }));
  });
}

/** An object key as a path below objects/: refuses anything that could leave the folder. */
export function objectPath(key: string): string {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.' || part === '') || key.includes('\\')) throw new Error(`refusing the object key ${JSON.stringify(key)}`);
  return `${OBJECTS}/${key}`;
}
