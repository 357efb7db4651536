// Where a backup comes from and a restore goes to: the same variables the services read
// (DATABASE_URL, S3_*), each also as `<NAME>_FILE` (a Docker or Kubernetes secret).
import { readFileSync } from 'node:fs';
import { Client } from 'minio';

export interface BackupSettings {
  databaseUrl: string;
  s3?: { client: Client; bucket: string };
}

function variable(env: NodeJS.ProcessEnv, name: string): string | undefined {
  if (env[name]) return env[name];
  const file = env[`${name}_FILE`];
  return file ? readFileSync(file, 'utf8').replace(/\r?\n$/, '') : undefined;
}

export function backupSettings(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  const databaseUrl = variable(env, 'DATABASE_URL');
  if (!databaseUrl) throw new Error('DATABASE_URL (or DATABASE_URL_FILE) is required: the database to back up or restore into');
  const endpoint = variable(env, 'S3_ENDPOINT');
  if (!endpoint) return { databaseUrl };
  const accessKey = variable(env, 'S3_ACCESS_KEY');
  const secretKey = variable(env, 'S3_SECRET_KEY');
  if (!accessKey || !secretKey) throw new Error('S3_ACCESS_KEY and S3_SECRET_KEY (or their _FILE forms) are required with S3_ENDPOINT');
  const url = new URL(endpoint);
  const client = new Client({
    endPoint: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    useSSL: url.protocol === 'https:',
    accessKey,
    secretKey,
    region: variable(env, 'S3_REGION') ?? 'us-east-1',
    pathStyle: true,
  });
  return { databaseUrl, s3: { client, bucket: variable(env, 'S3_BUCKET') ?? 'coinmag-media' } };
}
