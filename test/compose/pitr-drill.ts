// The point-in-time recovery drill on the real stack (docs/operations.md, "Point-in-time
// recovery"): a base backup of the live Postgres (`coinmag-pitr base-backup`, as an operator's
// cron runs it), an article with its cover written before a noted moment, then after it another
// article with another cover and the first one retitled; the WAL of those writes reaches the
// object store within archive_timeout (the RPO, measured); Postgres's and Redis's volumes are
// destroyed; `coinmag-pitr restore --to <moment>` in a one-off container of the postgres service
// rebuilds the database as it was at the moment, and the stack starts on it: every table's rows
// as read at the moment, nothing written after it, every media object there. The price providers'
// stand-in is stopped throughout (the markets service then writes no price: the tables hold still
// while the moment is noted, and the restored ones are compared before any new price is written).
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { Checks, Journey } from './journey.js';
import { sleep } from './shell.js';
import type { ComposeStack } from './stack.js';
import { bucketDigests, tableDigests } from './site-state.js';

export interface PitrFigures {
  baseBackupSeconds: number;
  /** From the last write's commit to its WAL segment in the object store (Postgres's clock). */
  rpoSeconds: number;
  archiveTimeoutSeconds: number;
  /** The one-off restore container, start to exit: base backup fetched, WAL replayed, promoted. */
  restoreSeconds: number;
  /** From the volumes' destruction to every service healthy and ready on the restored database. */
  siteSeconds: number;
  reports: string[];
}

interface Written {
  id: number;
  slug: string;
  title: string;
  featured_image: string;
}

const BEFORE_TITLE = '時間點還原演練：寫在那一刻之前';
const RETITLED = '時間點還原演練：那一刻之後改的標題';
const AFTER_TITLE = '時間點還原演練：寫在那一刻之後';
/** The most a restore may lose (the bound); the configured archive_timeout is below it. */
const RPO_LIMIT_SECONDS = 60;

function form(categoryId: number, title: string, cover: Buffer | string): FormData {
  const data = new FormData();
  const fields = { title, content: `<p>${title}。</p>`, status: 'published', category_id: String(categoryId), tags: '["還原演練"]', is_featured: 'false', is_popular: 'false', is_carousel: 'false' };
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (typeof cover === 'string') data.append('keep_existing_featured_image', cover);
  else data.append('featured_image', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg');
  return data;
}

const cover = (background: string) => sharp({ create: { width: 800, height: 420, channels: 3, background } }).jpeg().toBuffer();

/** Rows of tables ("count md5") apart from sequences ("position is_called"). */
function split(digests: Record<string, string>) {
  const tables: Record<string, string> = {};
  const sequences: Record<string, number> = {};
  for (const [name, digest] of Object.entries(digests)) {
    const sequence = /^(\d+) [tf]$/.exec(digest);
    if (sequence) sequences[name] = Number(sequence[1]);
    else tables[name] = digest;
  }
  return { tables, sequences };
}

export class PitrDrill {
  constructor(
    private readonly stack: ComposeStack,
    private readonly checks: Checks,
    private readonly journey: Journey,
    private readonly services: string[],
    private readonly deployables: string[],
    /** The price providers' stand-in, stopped throughout. */
    private readonly priceProvider: string,
  ) {}

  /** What `up` starts while the price provider stays stopped. */
  private get withoutPrices(): string[] {
    return this.services.filter((service) => service !== this.priceProvider);
  }

  private sql(query: string): string {
    const out = this.stack.exec('postgres', ['psql', '-U', 'coinmag', '-d', 'coinmag', '-v', 'ON_ERROR_STOP=1', '-qtA', '-c', query]);
    assert.equal(out.code, 0, `${query}: ${out.stderr}`);
    return out.stdout.trim();
  }

  private async save(method: 'POST' | 'PUT', path: string, token: string, body: FormData): Promise<Written> {
    const res = await this.journey.send(method, path, token, body);
    const answer = (await res.json()) as Written;
    assert.equal(res.status, method === 'POST' ? 201 : 200, `${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  }

  async run(): Promise<PitrFigures> {
    const { category } = this.journey.made;
    const reports: string[] = [];
    const token = await this.journey.login();
    this.stack.mustCompose(['stop', this.priceProvider], { timeoutMs: 2 * 60_000 });
    const archiveTimeoutSeconds = Number(/^(\d+)s$/.exec(this.sql('show archive_timeout'))?.[1]);

    let baseBackupSeconds = 0;
    await this.checks.check('pitr: Postgres archives its WAL, and a base backup of the live database goes to the object store', () => {
      assert.equal(this.sql('show archive_mode'), 'on');
      assert.ok(archiveTimeoutSeconds > 0 && archiveTimeoutSeconds < RPO_LIMIT_SECONDS, `archive_timeout ${archiveTimeoutSeconds} s`);
      const started = Date.now();
      const out = this.stack.mustCompose(['exec', '-T', 'postgres', 'coinmag-pitr', 'base-backup'], { timeoutMs: 10 * 60_000 });
      baseBackupSeconds = (Date.now() - started) / 1000;
      const report = /^base-backup: .*$/m.exec(out);
      assert.ok(report, `no report from the base backup:\n${out}`);
      reports.push(report[0]);
      const archiver = this.sql('select archived_count || \' \' || failed_count from pg_stat_archiver').split(' ').map(Number);
      assert.ok(archiver[0]! > 0, 'no WAL segment archived');
    });

    let before: Written | undefined;
    let moment = '';
    let atMoment: ReturnType<typeof split> | undefined;
    await this.checks.check('pitr: an article with its cover written, then the moment noted (every table read at it)', async () => {
      before = await this.save('POST', '/api/articles/admin', token, form(category.id, BEFORE_TITLE, await cover('#d97706')));
      await sleep(1000);
      const digests = tableDigests(this.stack);
      moment = this.sql("select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'");
      assert.deepEqual(tableDigests(this.stack), digests, 'the site wrote while the moment was noted: the comparison below would not be against the moment');
      atMoment = split(digests);
      await sleep(1000);
    });

    let after: Written | undefined;
    let rpoSeconds = 0;
    let objects: Record<string, string> = {};
    await this.checks.check(`pitr: after the moment another article with another cover and the first retitled; their WAL archived within ${RPO_LIMIT_SECONDS} s (the RPO)`, async () => {
      // A segment begins now, so the writes below wait the longest for archive_timeout: the worst case.
      this.sql('select pg_switch_wal()');
      after = await this.save('POST', '/api/articles/admin', token, form(category.id, AFTER_TITLE, await cover('#7c3aed')));
      await this.save('PUT', `/api/articles/admin/${before!.id}`, token, form(category.id, RETITLED, before!.featured_image));
      const [segment, committed] = this.sql("select pg_walfile_name(pg_current_wal_lsn()) || ' ' || extract(epoch from clock_timestamp())").split(' ');
      const deadline = Date.now() + (RPO_LIMIT_SECONDS + 30) * 1000;
      for (;;) {
        const [done, archivedAt] = this.sql(`select (last_archived_wal >= '${segment}')::text || ' ' || coalesce(extract(epoch from last_archived_time), 0) from pg_stat_archiver`).split(' ');
        if (done === 'true') {
          rpoSeconds = Number(archivedAt) - Number(committed);
          break;
        }
        assert.ok(Date.now() < deadline, `${segment} not archived ${RPO_LIMIT_SECONDS + 30} s after the write`);
        await sleep(500);
      }
      assert.ok(rpoSeconds <= RPO_LIMIT_SECONDS, `the last write reached the archive ${rpoSeconds.toFixed(1)} s after its commit`);
      objects = bucketDigests(this.stack);
      for (const written of [before!, after!]) assert.ok(Object.keys(objects).some((key) => key.includes(/([0-9a-f]{32})/.exec(written.featured_image)![1]!)), `${written.featured_image} is not in the bucket`);
    });

    const lost = Date.now();
    await this.checks.check('pitr: every service stopped, and the Postgres and Redis volumes destroyed', () => {
      this.stack.mustCompose(['stop', '--timeout', '20'], { timeoutMs: 5 * 60_000 });
      this.stack.mustCompose(['rm', '--force', 'postgres', 'redis'], { timeoutMs: 5 * 60_000 });
      const doomed = this.stack.volumes().filter((volume) => /_(postgres|redis)-data$/.test(volume));
      assert.equal(doomed.length, 2, `volumes: ${this.stack.volumes().join(', ')}`);
      for (const volume of doomed) this.stack.removeVolume(volume);
      assert.deepEqual(this.stack.volumes().filter((volume) => /_(postgres|redis)-data$/.test(volume)), []);
    });

    let restoreSeconds = 0;
    let siteSeconds = 0;
    await this.checks.check('pitr: `coinmag-pitr restore --to <moment>` into a new volume, then the stack started on it', async () => {
      this.stack.up(['-d', '--no-build', 'minio'], { timeoutMs: 5 * 60_000 });
      await this.stack.waitHealthy(['minio'], 5 * 60_000);
      const started = Date.now();
      const out = this.stack.mustCompose(['run', '--rm', '-T', '--no-deps', 'postgres', 'coinmag-pitr', 'restore', '--to', moment], { timeoutMs: 15 * 60_000 });
      restoreSeconds = (Date.now() - started) / 1000;
      const report = /^restore: .*$/m.exec(out);
      assert.ok(report, `no report from the restore:\n${out}`);
      reports.push(report[0]);
      assert.match(report[0], /recovery stopping before commit/, 'the replay did not stop at the moment: the WAL after it was not in the archive');
      this.stack.up(['-d', '--no-build', ...this.withoutPrices], { timeoutMs: 15 * 60_000 });
      await this.stack.waitHealthy(this.withoutPrices, 8 * 60_000);
      for (const service of this.deployables) await this.journey.waitReady(service, 60_000);
      siteSeconds = (Date.now() - lost) / 1000;
    });

    await this.checks.check('pitr: every table’s rows exactly as at the moment (sequences never behind it)', () => {
      const now = split(tableDigests(this.stack));
      const differing = Object.keys({ ...atMoment!.tables, ...now.tables }).filter((name) => atMoment!.tables[name] !== now.tables[name]);
      assert.deepEqual(differing.map((name) => `${name}: ${atMoment!.tables[name] ?? 'missing'} → ${now.tables[name] ?? 'missing'}`), []);
      // Postgres logs a sequence 32 values ahead: a replayed one may stand past its position, never before it.
      const behind = Object.entries(atMoment!.sequences).filter(([name, position]) => !(now.sequences[name]! >= position));
      assert.deepEqual(behind, []);
    });
    await this.checks.check('pitr: the article written before the moment is there with its title and cover; the later article and title are not', async () => {
      const fresh = await this.journey.login();
      const stored = await this.journey.json<Written>(`/api/articles/admin/${before!.id}`, fresh);
      assert.deepEqual([stored.title, stored.featured_image], [BEFORE_TITLE, before!.featured_image]);
      const gone = await this.journey.get(`/api/articles/admin/${after!.id}`, { authorization: `Bearer ${fresh}` });
      assert.equal(gone.status, 404, 'the article written after the moment');
      const page = await this.journey.get(`/article/${encodeURIComponent(before!.slug)}`);
      assert.equal(page.status, 200);
      assert.ok((await page.text()).includes(BEFORE_TITLE), 'the public page shows the title of the moment');
      const image = await this.journey.get(before!.featured_image, { accept: 'image/jpeg' });
      assert.equal(image.status, 200, `the cover ${before!.featured_image}`);
    });
    await this.checks.check('pitr: every media object still there with the same SHA-256 (objects are never deleted)', () => {
      const now = bucketDigests(this.stack);
      assert.deepEqual(Object.keys(objects).filter((key) => now[key] !== objects[key]), []);
    });
    return { baseBackupSeconds, rpoSeconds, archiveTimeoutSeconds, restoreSeconds, siteSeconds, reports };
  }
}
