// The restore drill on the real stack (docs/operations.md, "Backups"): the admin writes article
// revisions and settings and readers send views (write, before the content restart flushes the
// views into Postgres); then (run) the site is read (every table, every object, three public
// pages), backed up live by the compose `backup` one-off service, every volume destroyed
// (`down -v`), a fresh stack's Postgres and S3 restored by the same service before anything else
// starts, the rest brought up, and the site read again: everything must be equal. The price
// providers' stand-in is stopped first (an outage: the markets service keeps its last prices and
// writes nothing, so no table moves while the drill reads, backs up and compares) and started again
// only once the restored tables are compared, before the pages are: their tickers hold its prices.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Checks, Journey } from './journey.js';
import { articleForm } from './journey.js';
import { tickerOfHeldPrices } from '../standins/held-prices.js';
import { sleep } from './shell.js';
import type { ComposeStack } from './stack.js';
import { bucketDigests, comparableHtml, firstDifference, tableDigests } from './site-state.js';

export interface DrillFigures {
  backupSeconds: number;
  restoreSeconds: number;
  tables: number;
  objects: number;
  /** The backup service's own report lines (sizes, its own timing). */
  reports: string[];
}

interface SiteState {
  tables: Record<string, string>;
  objects: Record<string, string>;
  pages: Record<string, string>;
}

const DRILL_SITE_TITLE = '備份演練雜誌';
const READERS = 3;
const RESTORE = ['run', '--rm', '-T', '--entrypoint', 'node', 'backup', '/opt/coinmag-backup/restore.js'];
/** The markets service asks a failing provider again at each refresh (30 s); the gateway asks it every second while it has no prices. */
const PRICES_BACK_WITHIN_MS = 45_000;
const TICKER_HTML = '/api/markets/ticker/html';

export class RestoreDrill {
  private views = 0;

  constructor(
    private readonly stack: ComposeStack,
    private readonly checks: Checks,
    private readonly journey: Journey,
    /** Every long-running and one-shot service `up` starts (not the backup profile's). */
    private readonly services: string[],
    private readonly deployables: string[],
    /** The price providers' stand-in, stopped while the drill compares tables. */
    private readonly priceProvider: string,
  ) {}

  /** What `up` starts while the price provider stays stopped. */
  private get withoutPrices(): string[] {
    return this.services.filter((service) => service !== this.priceProvider);
  }

  /** Two more revisions of the article, new settings, and views from three readers. */
  async write(): Promise<void> {
    const { article, category } = this.journey.made;
    const token = await this.journey.login();
    await this.checks.check('drill: the admin saves two more revisions of the article and new settings', async () => {
      for (const version of [2, 3]) {
        const res = await this.journey.send('PUT', `/api/articles/admin/${article.id}`, token, articleForm(category.id, { addition: `<p>第 ${version} 版：備份前的修訂。</p>`, keepCover: article.featured_image }));
        assert.equal(res.status, 200, `revision ${version}: ${res.status} ${await res.text()}`);
      }
      const revisions = await this.journey.json<unknown[] | { revisions: unknown[] }>(`/api/articles/admin/${article.id}/revisions`, token);
      const list = Array.isArray(revisions) ? revisions : revisions.revisions;
      assert.ok(list.length >= 2, `the article has ${list.length} revisions`);
      const saved = await this.journey.send('PUT', '/api/settings/admin', token, { site_title: DRILL_SITE_TITLE });
      assert.equal(saved.status, 200, `settings: ${saved.status} ${await saved.text()}`);
    });
    await this.checks.check(`drill: ${READERS} readers send the article's view beacon`, async () => {
      for (let reader = 0; reader < READERS; reader += 1) {
        const res = await fetch(`${this.journey.baseUrl}/api/articles/${encodeURIComponent(article.slug)}/views?pv=${randomUUID()}`, {
          method: 'POST',
          headers: { 'user-agent': `Mozilla/5.0 (restore drill reader ${reader})` },
          signal: AbortSignal.timeout(20_000),
        });
        assert.equal(res.status, 200, `beacon: ${res.status} ${await res.clone().text()}`);
        const answer = (await res.json()) as { view_count: number; counted: boolean };
        assert.ok(answer.counted, `reader ${reader}'s view was not counted`);
        this.views = answer.view_count;
      }
    });
  }

  private async read(): Promise<SiteState> {
    const { article, category } = this.journey.made;
    const pages: Record<string, string> = {};
    for (const path of ['/', `/article/${encodeURIComponent(article.slug)}`, `/category/${encodeURIComponent(category.slug)}`]) {
      const res = await this.journey.get(path);
      assert.equal(res.status, 200, `GET ${path}: ${res.status}`);
      pages[path] = comparableHtml(await res.text());
    }
    return { tables: tableDigests(this.stack), objects: bucketDigests(this.stack), pages };
  }

  async run(): Promise<DrillFigures> {
    const { article } = this.journey.made;
    const reports: string[] = [];
    let before: SiteState | undefined;
    await this.checks.check('drill: the price provider stopped (an outage): the home page keeps its last prices, and the markets service writes no more', async () => {
      this.stack.mustCompose(['stop', this.priceProvider], { timeoutMs: 2 * 60_000 });
      const res = await this.journey.get('/');
      assert.equal(res.status, 200);
      assert.deepEqual(tickerOfHeldPrices(await res.text()).problems, []);
    });
    await this.checks.check('drill: the views the content restart flushed are in Postgres, with the revisions and settings', async () => {
      const stored = await this.journey.json<{ view_count: number }>(`/api/articles/admin/${article.id}`, await this.journey.login());
      assert.equal(stored.view_count, this.views, 'the article’s view count in Postgres');
      before = await this.read();
      assert.match(before.pages['/']!, new RegExp(DRILL_SITE_TITLE), 'the home page shows the new site title');
      assert.ok(Object.entries(before.tables).some(([name, digest]) => /revision/.test(name) && !digest.startsWith('0 ')), 'no revision rows');
    });

    let folder = '';
    let backupSeconds = 0;
    await this.checks.check('drill: the backup service writes a backup of the live site, and nothing moved while it ran', async () => {
      const started = Date.now();
      const out = this.stack.mustCompose(['run', '--rm', '-T', 'backup'], { timeoutMs: 15 * 60_000 });
      backupSeconds = (Date.now() - started) / 1000;
      const report = /^backup: (\/backups\/\S+): .*$/m.exec(out);
      assert.ok(report, `no report from the backup service:\n${out}`);
      folder = report[1]!;
      reports.push(report[0]);
      assert.deepEqual(tableDigests(this.stack), before!.tables, 'the tables changed while the backup ran: the comparison below would not be against the backup');
    });

    await this.checks.check('drill: `down -v` destroys every volume of the stack', () => {
      this.stack.down();
      assert.deepEqual(this.stack.volumes(), []);
    });

    let restoreSeconds = 0;
    await this.checks.check('drill: a fresh stack’s empty Postgres and S3 restored by the backup service, then the site started on them', async () => {
      this.stack.up(['-d', '--no-build', 'postgres', 'redis', 'minio'], { timeoutMs: 10 * 60_000 });
      await this.stack.waitHealthy(['postgres', 'redis', 'minio'], 5 * 60_000);
      const started = Date.now();
      const out = this.stack.mustCompose([...RESTORE, folder], { timeoutMs: 15 * 60_000 });
      restoreSeconds = (Date.now() - started) / 1000;
      const report = /^restore: .*$/m.exec(out);
      assert.ok(report, `no report from the restore:\n${out}`);
      reports.push(report[0]);
      this.stack.up(['-d', '--no-build', ...this.withoutPrices], { timeoutMs: 15 * 60_000 });
      await this.stack.waitHealthy(this.withoutPrices, 8 * 60_000);
      for (const service of this.deployables) await this.journey.waitReady(service, 60_000);
    });

    await this.checks.check('drill: every table’s rows and every sequence equal to the backed-up site’s', () => {
      const after = tableDigests(this.stack);
      const differing = Object.keys({ ...before!.tables, ...after }).filter((name) => before!.tables[name] !== after[name]);
      assert.deepEqual(differing.map((name) => `${name}: ${before!.tables[name] ?? 'missing'} → ${after[name] ?? 'missing'}`), []);
    });
    await this.checks.check('drill: every media object there, with the same SHA-256', () => {
      assert.deepEqual(bucketDigests(this.stack), before!.objects);
    });
    await this.checks.check(`drill: the price provider started again: the restored site's ticker has its prices within ${PRICES_BACK_WITHIN_MS / 1000} s`, async () => {
      this.stack.up(['-d', '--no-build', this.priceProvider], { timeoutMs: 2 * 60_000 });
      const started = Date.now();
      for (;;) {
        const res = await this.journey.get(TICKER_HTML);
        await res.body?.cancel();
        if (res.status === 200) break;
        assert.equal(res.status, 204, `${TICKER_HTML}: ${res.status}`);
        assert.ok(Date.now() - started < PRICES_BACK_WITHIN_MS, `no ticker ${PRICES_BACK_WITHIN_MS / 1000} s after the provider started`);
        await sleep(500);
      }
    });
    await this.checks.check('drill: the home, article and category pages render the same HTML', async () => {
      const after = await this.read();
      for (const [path, html] of Object.entries(before!.pages)) {
        assert.ok(after.pages[path] === html, `${path} differs ${firstDifference(html, after.pages[path]!)}`);
      }
    });
    await this.checks.check('drill: a second restore into the restored site is refused (it would mix two sites)', () => {
      const out = this.stack.compose([...RESTORE, folder], { timeoutMs: 5 * 60_000 });
      assert.notEqual(out.code, 0);
      assert.match(out.stdout + out.stderr, /already has tables/);
    });
    return { backupSeconds, restoreSeconds, tables: Object.keys(before!.tables).length, objects: Object.keys(before!.objects).length, reports };
  }
}
