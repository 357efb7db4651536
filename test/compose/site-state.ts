// What a compose stack holds, read from inside its containers so that two stacks (before a
// backup, after its restore) can be compared: every table's rows and every sequence, every media
// object's SHA-256, and public pages as readers get them.
import assert from 'node:assert/strict';
import type { ComposeStack } from './stack.js';

/**
 * Per table of every schema but Postgres's own: its row count and the md5 of its rows in a fixed
 * order; per sequence: its position (so ids given after a restore never repeat one).
 */
const DIGEST_SQL = `
select format('select %L, count(*), coalesce(md5(string_agg(r::text, %L order by r::text)), %L) from %I.%I r', table_schema || '.' || table_name, '|', '', table_schema, table_name)
  from information_schema.tables
 where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'
 order by table_schema, table_name
\\gexec
select format('select %L, last_value, is_called from %I.%I', sequence_schema || '.' || sequence_name, sequence_schema, sequence_name)
  from information_schema.sequences
 where sequence_schema not in ('pg_catalog', 'information_schema')
 order by sequence_schema, sequence_name
\\gexec
`;

export function tableDigests(stack: ComposeStack): Record<string, string> {
  const out = stack.exec('postgres', ['psql', '-U', 'coinmag', '-d', 'coinmag', '-v', 'ON_ERROR_STOP=1', '-qtA', '-F', ' '], DIGEST_SQL);
  assert.equal(out.code, 0, `digesting the tables: ${out.stderr}`);
  const digests: Record<string, string> = {};
  for (const line of out.stdout.split('\n').filter(Boolean)) {
    const [name, ...rest] = line.split(' ');
    digests[name!] = rest.join(' ');
  }
  return digests;
}

/** Every object of the media bucket with its SHA-256, read from inside the media container with its own S3 settings. */
export function bucketDigests(stack: ComposeStack): Record<string, string> {
  const script = [
    "const { createHash } = require('node:crypto');",
    "import('minio').then(async ({ Client }) => {",
    '  const url = new URL(process.env.S3_ENDPOINT);',
    "  const client = new Client({ endPoint: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), useSSL: url.protocol === 'https:', accessKey: process.env.S3_ACCESS_KEY, secretKey: process.env.S3_SECRET_KEY, pathStyle: true });",
    '  const digests = {};',
    "  for await (const item of client.listObjectsV2(process.env.S3_BUCKET, '', true)) {",
    "    const hash = createHash('sha256');",
    '    for await (const chunk of await client.getObject(process.env.S3_BUCKET, item.name)) hash.update(chunk);',
    "    digests[item.name] = hash.digest('hex');",
    '  }',
    '  process.stdout.write(JSON.stringify(digests));',
    '}).catch((error) => { console.error(error.message); process.exit(1); });',
  ].join('\n');
  const out = stack.exec('media', ['node', '-e', script]);
  assert.equal(out.code, 0, `reading the bucket: ${out.stderr}`);
  return JSON.parse(out.stdout) as Record<string, string>;
}

/** A page's HTML with what differs on every request (CSP nonces, page-view and request ids) blanked. */
export function comparableHtml(html: string): string {
  return html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/"nonce":"[^"]*"/g, '"nonce":""')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>');
}

/** Where two texts first differ, with some context, for a failure message. */
export function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return `at character ${i}:\n  before: …${a.slice(Math.max(0, i - 80), i + 120)}…\n  after:  …${b.slice(Math.max(0, i - 80), i + 120)}…`;
}
