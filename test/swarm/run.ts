// `npm run test:swarm`: the stack file (deploy/swarm/stack.yml) for real on this machine's Docker
// engine as a one-node swarm. Builds the images (third-party ones as stand-ins when no registry
// answers, as test/compose does), deploys, then drives readers (each from its own address, passed
// through the edge as a trusted upstream would, reading the list and an article page and sending
// its view beacon) and an admin rewriting an article, while every deployable is rolled to a new
// image tag and then one task of each is killed. Asserts and prints: no failed request, every
// counted view in Postgres (the gateways count beacons in content's Redis; a killed gateway's
// held batch too), no stale answer after a write's 200 (through the edge and from each gateway),
// the admin signing in and out throughout (auth's replicas replaced and killed too), the login
// limit shared by the auth replicas, a signed-out session refused by every gateway. Before the
// traffic, the markets service's prices from the price providers' stand-in (a service of
// test/swarm/standins.yml) through the edge, and the fetching replica SIGKILLed: another takes over. Always ends with `docker swarm leave --force`. Env: SWARM_TEST_KEEP=1 (leave it up).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findEngine, type Engine } from '../compose/engine.js';
import { Checks } from '../compose/journey.js';
import { phase as composePhase, Shell, sleep } from '../compose/shell.js';
import { ORPHAN_BATCH_AFTER_MS } from '../../packages/views/src/keys.js';
import { Admin, adminRequestId, askEveryGateway, askEveryTask, type Article } from './admin.js';
import { backUpAndRestore, buildBackupImage, tableDigest } from './backup.js';
import { failureLogs } from './diagnose.js';
import { buildExpandRelease, EXPAND_COLUMN, expandFacts } from './expand.js';
import { DELIVERY_BOUND_MS, deliveryDelays, spread, staleReason } from './freshness.js';
import { buildDeployables, buildPostgres, DEPLOYABLES, prepareThirdParty, releaseAs } from './images.js';
import { MARKETS_TIMING, pricesOnTheSwarm } from './prices.js';
import { buildTestStandins } from '../standins/images.js';
import { providerSettings } from '../standins/ports.js';
import { writeSecrets } from './secrets.js';
import { SignIns } from './sign-ins.js';
import { Swarm } from './swarm.js';
import { Traffic } from './traffic.js';

const ROOT = resolve(import.meta.dirname, '../..');
const STACK_FILE = join(ROOT, 'deploy/swarm/stack.yml');
/** The outside parties' stand-ins, merged after the stack file. */
const STANDINS_FILE = join(import.meta.dirname, 'standins.yml');
/**
 * Its own name: the stack's volumes (removed at the start and the end) are named after it.
 * (Not "coinmag-swarm-test": a run that left the swarm before removing its stack stranded that
 * name's edge network in this machine's Docker engine; see Swarm.leave.)
 */
const STACK = 'coinmag-swarm-run';
const ONE_OFFS = ['auth-migrate', 'content-migrate', 'markets-migrate', 'newsletter-migrate'];
/** The content service's VIEW_FLUSH_INTERVAL_MS default: counted views reach Postgres within it. */
const VIEW_FLUSH_MS = 3_000;
/**
 * Every counted view is in Postgres within this: a view a gateway counted is handed over within a
 * flush interval, and one a SIGKILLed gateway held is applied by a content process once its batch
 * is ORPHAN_BATCH_AFTER_MS old, at that process's next flush.
 */
const VIEWS_IN_POSTGRES_MS = VIEW_FLUSH_MS + ORPHAN_BATCH_AFTER_MS + VIEW_FLUSH_MS + 2_000;
const READERS = 6;
/** From the moment a content task is SIGKILLed: this many articles saved at once (tabs), this many times. */
const TABS_AT_KILL = 6;
const ROUNDS_AT_KILL = 3;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

function engineOrStart(): Engine {
  try {
    return findEngine();
  } catch (first) {
    const started = spawnSync('bash', [join(ROOT, 'test/compose/ensure-engine.sh')], { stdio: 'inherit' });
    if (started.status !== 0) throw first;
    return findEngine();
  }
}

const phase = <T>(timings: Array<[string, number]>, name: string, work: () => T | Promise<T>) => composePhase(timings, name, work, 'swarm');

async function main(): Promise<number> {
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'coinmag-swarm-test-'));
  const shell = new Shell(join(work, 'commands.log'));
  const timings: Array<[string, number]> = [];
  const checks = new Checks();
  let swarm: Swarm | undefined;
  let traffic: Traffic | undefined;
  let signIns: SignIns | undefined;
  let updateStartedAt: Date | undefined;
  let failure: unknown;
  const release = `${process.pid}`;

  const interrupt = () => {
    process.stdout.write('\nswarm: interrupted, leaving the swarm\n');
    swarm?.leave();
    process.exit(130);
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);

  try {
    const engine = await phase(timings, 'engine', () => engineOrStart());
    process.stdout.write(`swarm: ${engine.describe}\n`);
    swarm = new Swarm(engine, shell, STACK);
    const s = swarm;
    await phase(timings, 'swarm init', () => s.init());

    await phase(timings, 'third-party images', () => {
      for (const line of prepareThirdParty(engine, shell, ROOT, STACK_FILE)) process.stdout.write(`swarm:   ${line}\n`);
    });
    await phase(timings, 'build the price providers’ stand-in', () => buildTestStandins(engine, shell, ROOT, 'swarm-test', ['price-provider']));
    await phase(timings, 'build the deployables (swarm-v1)', () => buildDeployables(engine, shell, ROOT, 'swarm-v1'));
    await phase(timings, 'build the backup image', () => buildBackupImage(engine, shell, ROOT, 'swarm-v1'));
    await phase(timings, 'build the postgres image (WAL archiving)', () => buildPostgres(engine, shell, ROOT, STACK_FILE));
    // swarm-v2 is a new release of each deployable; content's also expands the schema (a column).
    await phase(timings, 'the same build as a new release (swarm-v2), content with a migration', () => {
      releaseAs(engine, shell, 'swarm-v1', 'swarm-v2', `v2-${release}`, ['coinmag/content']);
      buildExpandRelease(engine, shell, ROOT, 'swarm-v1', 'swarm-v2', `v2-${release}`);
    });

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const secrets = join(work, 'secrets');
    const { adminPassword } = writeSecrets(secrets);
    // The test stands where a CDN would: the edge takes the client address it names from the host.
    const bridge = s.docker(['network', 'inspect', 'docker_gwbridge', '--format', '{{(index .IPAM.Config 0).Subnet}}'], { quiet: true }).trim();
    const trusted = join(work, 'trusted-upstreams.lst');
    writeFileSync(trusted, `${bridge}\n127.0.0.0/8\n`);
    const env = (version: string) => ({ COINMAG_VERSION: version, EDGE_PORT: String(port), SITE_ORIGIN: baseUrl, COINMAG_SECRETS: secrets, EDGE_TRUSTED_UPSTREAMS: trusted, ...providerSettings('price-provider'), ...MARKETS_TIMING });

    await phase(timings, 'stack deploy (swarm-v1) until converged', async () => {
      s.deploy(STACK_FILE, env('swarm-v1'), [STANDINS_FILE]);
      await s.converged(ONE_OFFS, 10 * 60_000, 'swarm-v1');
    });
    await checks.check('every service runs its replicas: gateway ×2, content ×3, auth ×2, media ×2, markets ×2, newsletter ×2, one edge, Postgres, Redis, MinIO', () => {
      const replicas = Object.fromEntries(s.services().map((service) => [service.name, service.replicas.split(' ')[0]]));
      for (const [name, want] of Object.entries({ gateway: '2/2', content: '3/3', auth: '2/2', media: '2/2', markets: '2/2', newsletter: '2/2', edge: '1/1', postgres: '1/1', redis: '1/1', minio: '1/1' })) assert.equal(replicas[name], want, `${name}: ${replicas[name]}`);
    });
    await phase(timings, 'the edge answers', async () => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const res = await fetch(`${baseUrl}/api/articles?limit=1`).catch(() => undefined);
        if (res?.status === 200) return;
        if (Date.now() > deadline) throw new Error(`the edge does not answer on ${baseUrl}: ${res?.status ?? 'no connection'}\n${s.logs('edge')}`);
        await sleep(1000);
      }
    });

    await phase(timings, 'prices through the edge, the fetching replica killed', async () => {
      await pricesOnTheSwarm(s, checks, baseUrl);
      await s.converged(ONE_OFFS, 5 * 60_000, 'swarm-v1');
    });

    const admin = new Admin(baseUrl, adminPassword);
    const token = await admin.token();
    const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as Array<{ id: number }>;
    let article: Article = await admin.write(token, '滾動更新測試 第0版', categories[0]!.id);
    const list = (await (await fetch(`${baseUrl}/api/articles?page=1&limit=5`)).json()) as { articles: Array<{ slug: string }> };
    const slugs = list.articles.map((a) => a.slug);
    const postgres = s.containers('postgres')[0]!;
    const viewsInPostgres = () => Number(s.exec(postgres, ['psql', '-U', 'coinmag', '-d', 'coinmag', '-tAc', `select coalesce(sum(view_count), 0) from content.articles where slug in (${slugs.map((slug) => `'${slug.replace(/'/g, "''")}'`).join(', ')})`]).trim());
    const viewsBefore = viewsInPostgres();

    // The admin's write, then reads through the edge at once (either gateway): each shows it, or
    // comes from a gateway whose feed had not yet delivered it, within the bound (freshness.ts).
    // Each round also reads the previous round's write again first, later than the bound: a
    // change a gateway lost or applied too late shows there.
    let previous: { title: string; answeredAt: number } | undefined;
    const readAfter = async (written: { title: string; answeredAt: number }) => {
      const requestId = adminRequestId();
      const res = await fetch(`${baseUrl}/api/articles/${encodeURIComponent(article.slug)}`, { headers: { 'x-forwarded-for': '192.0.2.11', 'x-request-id': requestId } }).catch((error: Error) => {
        throw new Error(`read after write (request ${requestId}): ${error.message}${error.cause ? ` (${(error.cause as Error).message})` : ''}`);
      });
      const body = await res.text();
      assert.equal(res.status, 200, `read after write (request ${requestId}): ${res.status} ${body}`);
      const asOf = res.headers.get('x-gateway-cache-as-of');
      const seen = { title: (JSON.parse(body) as { title: string }).title, asOf: asOf === null ? undefined : Number(asOf), afterMs: Date.now() - written.answeredAt };
      const stale = staleReason(written.title, written.answeredAt, seen);
      assert.equal(stale, undefined, `a stale answer after the write's 200 (request ${requestId}): ${stale}`);
      if (seen.title === written.title) traffic!.freshReads += 1;
      else traffic!.undelivered.push(seen.afterMs);
    };
    const writer = async (round: number) => {
      if (previous) for (let read = 0; read < 2; read += 1) await readAfter(previous);
      const title = `滾動更新測試 第${round}版`;
      article = await admin.write(token, title, categories[0]!.id, article);
      previous = { title, answeredAt: Date.now() };
      for (let read = 0; read < 4; read += 1) await readAfter(previous);
    };
    const tabs: Article[] = [];
    for (let n = 1; n <= TABS_AT_KILL; n += 1) tabs.push(await admin.write(token, `停機時儲存 ${n} 第0版`, categories[0]!.id));
    // Due while the content replicas are being replaced: each replica's scheduler races for it.
    const scheduled = await admin.write(token, '滾動更新時排程發布', categories[0]!.id, undefined, new Date(Date.now() + 20_000));
    const sql = (query: string) => s.exec(postgres, ['psql', '-U', 'coinmag', '-d', 'coinmag', '-tAc', query]).trim();
    traffic = new Traffic(baseUrl, slugs, writer);
    const t = traffic;
    t.start(READERS);
    // The admin signs in and out throughout the update and the kills (auth's replicas replaced too).
    signIns = new SignIns(baseUrl, adminPassword);
    const signing = signIns;
    signing.start();
    await phase(timings, 'traffic before the update (10 s)', () => sleep(10_000));

    await phase(timings, 'rolling update of every deployable to swarm-v2', async () => {
      updateStartedAt = new Date();
      process.stdout.write(`swarm:   ${updateStartedAt.toISOString()} stack deploy swarm-v2\n`);
      s.deploy(STACK_FILE, env('swarm-v2'), [STANDINS_FILE]);
      await s.converged(ONE_OFFS, 10 * 60_000, 'swarm-v2');
    });
    await checks.check('every deployable runs swarm-v2 on all its tasks', () => {
      for (const image of Object.keys(DEPLOYABLES)) {
        const name = image.slice('coinmag/'.length);
        const running = s.tasks(name).filter((task) => task.desired === 'Running');
        assert.ok(running.length > 0 && running.every((task) => task.image.includes(':swarm-v2')), `${name}: ${running.map((task) => task.image).join(', ')}`);
      }
    });

    // SIGKILL: no drain, no answer to what the task had in flight, its address silent until Swarm
    // drops it; the others must carry every request, and nothing counted or written may be lost.
    // Content is killed last, and at that moment the admin saves several articles at once, a few
    // times: a save a gateway sends to the killed task's silent address never reached it and must
    // go to another replica, the form it streams whole (run 12 saw one answered 503). One that
    // waited out the connection timeout (1 s) is one the killed task's address took. The tabs are
    // open in two places (two addresses): one address may stream only GATEWAY_STREAMS_PER_CLIENT
    // forms at once through a gateway.
    const desks = [new Admin(baseUrl, adminPassword, '192.0.2.20'), new Admin(baseUrl, adminPassword, '192.0.2.21')];
    const afterKill = { saves: 0, slow: 0, failures: [] as string[], lastMs: 0 };
    await phase(timings, 'SIGKILL one task of each deployable, until replaced', async () => {
      const names = Object.keys(DEPLOYABLES).map((image) => image.slice('coinmag/'.length));
      let killedAt = 0;
      for (const name of [...names.filter((n) => n !== 'content'), 'content']) {
        const victim = s.containers(name)[0]!;
        s.docker(['kill', '--signal', 'SIGKILL', victim]);
        killedAt = Date.now();
        process.stdout.write(`swarm:   ${new Date().toISOString()} SIGKILL ${name} task ${victim.slice(0, 12)}\n`);
      }
      for (let round = 1; round <= ROUNDS_AT_KILL; round += 1) {
        await Promise.all(
          tabs.map(async (tab, n) => {
            const started = Date.now();
            try {
              tabs[n] = await desks[n % desks.length]!.write(token, `停機時儲存 ${n + 1} 第${round}版`, categories[0]!.id, tab);
              afterKill.saves += 1;
              if (Date.now() - started >= 1_000) afterKill.slow += 1;
            } catch (error) {
              afterKill.failures.push((error as Error).message);
            }
          }),
        );
      }
      afterKill.lastMs = Date.now() - killedAt;
      await sleep(5_000);
      await s.converged(ONE_OFFS, 5 * 60_000, 'swarm-v2');
    });
    await phase(timings, 'traffic after (5 s)', () => sleep(5_000));
    await Promise.all([t.stop(), signing.stop()]);

    process.stdout.write(`swarm: ${t.requests} requests by readers, ${t.beacons} views counted, ${t.writes} admin writes each followed by 4 reads at once and 2 more ${DELIVERY_BOUND_MS} ms later (${t.freshReads} fresh, ${t.undelivered.length} old from a gateway not yet told${t.undelivered.length ? `, at most ${Math.max(...t.undelivered)} ms after the 200` : ''})\n`);
    const delays = spread(deliveryDelays(s));
    process.stdout.write(`swarm: invalidation delivery, announcement to applied in a gateway: ${delays.n} changes, median ${delays.median} ms, p95 ${delays.p95} ms, max ${delays.max} ms\n`);
    // Every check from here on runs whatever the others found: a failed run says all it saw.
    const failedChecks: unknown[] = [];
    const verify = (name: string, work: () => Promise<void> | void) => checks.check(name, work).catch((error: unknown) => void failedChecks.push(error));
    await verify('zero failed requests through the rolling update and the killed tasks', () => {
      const shown = t.failures.slice(0, 20).map((f) => `  ${f.at} ${f.what} (${f.requestId}, ${f.ms} ms): ${f.detail}`).join('\n');
      if (t.failures.length > 0) process.stdout.write(`swarm: what the stack logged about them:\n${failureLogs(s, t.failures).map((line) => `  ${line}`).join('\n')}\n`);
      assert.equal(t.failures.length, 0, `${t.failures.length} failed:\n${shown}`);
      assert.ok(t.requests > 100 && t.writes > 5, `too little traffic to say anything: ${t.requests} requests, ${t.writes} writes`);
    });
    await verify('the admin signed in and out throughout the rolling update of auth and the killed tasks, none refused', () => {
      process.stdout.write(`swarm: ${signing.signedIn} sign-ins and ${signing.signedOut} sign-outs during the update and the kills, ${signing.failures.length} failed\n`);
      const shown = signing.failures.slice(0, 20).map((f) => `  ${f.at} ${f.what} (${f.requestId}, ${f.ms} ms): ${f.detail}`).join('\n');
      if (signing.failures.length > 0) process.stdout.write(`swarm: what the stack logged about them:\n${failureLogs(s, signing.failures).map((line) => `  ${line}`).join('\n')}\n`);
      assert.equal(signing.failures.length, 0, `${signing.failures.length} failed:\n${shown}`);
      assert.ok(signing.signedIn > 10, `too few sign-ins to say anything: ${signing.signedIn}`);
    });
    await verify('the gateways count view beacons themselves, in content\'s Redis (each reports Redis ready; content tasks received their counted batches)', () => {
      for (const answer of askEveryGateway(s, '/readyz')) assert.match(answer.body, /redis/i, `gateway ${answer.container} /readyz: ${answer.status} ${answer.body}`);
      const handedOver = askEveryTask(s, 'content', 4002, '/metrics')
        .flatMap((answer) => answer.body.split('\n'))
        .filter((line) => line.startsWith('http_requests_total{') && line.includes('route="/internal/view-batches"') && line.includes('status="2'))
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
      assert.ok(handedOver > 0, 'no content task received a batch of views counted by a gateway');
    });
    await verify('every counted view is in Postgres (a SIGKILLed gateway\'s held batch included)', async () => {
      await sleep(VIEWS_IN_POSTGRES_MS);
      const added = viewsInPostgres() - viewsBefore;
      assert.equal(added, t.beacons, `Postgres gained ${added} views; the beacons counted ${t.beacons}`);
    });
    await verify(`the admin's saves of ${TABS_AT_KILL} articles at once, ${ROUNDS_AT_KILL} times from the moment a content task was SIGKILLed, each answered 200 and in Postgres`, () => {
      process.stdout.write(`swarm: ${afterKill.saves} of ${TABS_AT_KILL * ROUNDS_AT_KILL} saves answered 200 within ${afterKill.lastMs} ms of the content task's SIGKILL; ${afterKill.slow} took over 1 s, as a save first sent to the killed task's silent address does\n`);
      assert.deepEqual(afterKill.failures, []);
      for (const tab of tabs) assert.equal(sql(`select title from content.articles where id = ${tab.id}`), tab.title);
    });
    await verify('every admin write’s 200 is in Postgres (the article holds the last title written)', () => {
      assert.ok(previous, 'no write');
      const trail = sql(`select to_char(at at time zone 'UTC', 'HH24:MI:SS.MS') || ' ' || action || ' ' || coalesce(ip, '') || ' ' || summary from content.audit_events where subject_id = ${article.id} order by id desc limit 8`);
      const revisions = sql(`select kind || ' v' || coalesce(version::text, '-') || ' ' || title from content.article_revisions where article_id = ${article.id} order by id desc limit 8`);
      const now = sql(`select 'v' || version || ' ' || title from content.articles where id = ${article.id}`);
      assert.equal(sql(`select title from content.articles where id = ${article.id}`), previous.title, `the article is ${now}; the last save answered 200 was v${article.version} ${previous.title}; its last saves (newest first):\n${trail}\nits last revisions:\n${revisions}`);
    });
    await verify(`the schema expanded during the rolling update (content-migrate of swarm-v2 added articles.${EXPAND_COLUMN}) while the old content tasks kept serving: migrated once, every old task stopped after it, old tasks answered admin writes after it`, () => {
      const facts = expandFacts(s, postgres, 'swarm-v1', updateStartedAt!);
      process.stdout.write(`swarm: expand: migrated at ${facts.migratedAt.toISOString()}; old content tasks: ${facts.oldTasks.map((o) => `${o.container} stopped ${o.stoppedAt ? `${((o.stoppedAt.getTime() - facts.migratedAt.getTime()) / 1000).toFixed(1)} s after` : 'never'}, ${o.writesAfter} admin writes after`).join('; ')}\n`);
      assert.equal(facts.applied, 1, 'the migration recorded once');
      assert.ok(facts.columnExists, `articles.${EXPAND_COLUMN} exists`);
      assert.equal(facts.oldTasks.length, 3, 'three old content tasks');
      for (const old of facts.oldTasks) assert.ok(old.stoppedAt && old.stoppedAt > facts.migratedAt, `old task ${old.container} stopped ${old.stoppedAt?.toISOString()}, before the migration`);
      assert.ok(facts.oldTasks.reduce((sum, o) => sum + o.writesAfter, 0) > 0, 'no admin write was answered by an old task after the migration');
    });
    await verify('the gateways applied the writes’ changes (each gateway once per change)', () => {
      assert.ok(delays.n >= t.writes, `${delays.n} changes applied for ${t.writes} writes`);
    });
    await verify('no stale answer from any gateway after a write’s 200', async () => {
      const title = '滾動更新測試 最終版';
      article = await admin.write(token, title, categories[0]!.id, article);
      const answers = askEveryGateway(s, `/api/articles/${encodeURIComponent(article.slug)}`);
      assert.equal(answers.length, 2, 'two gateway tasks');
      for (const answer of answers) assert.equal((JSON.parse(answer.body) as { title: string }).title, title, `gateway ${answer.container}`);
    });
    await verify('the article scheduled for during the rolling update was published exactly once (one publication in the audit log)', () => {
      assert.equal(sql(`select status from content.articles where id = ${scheduled.id}`), 'published');
      assert.equal(sql(`select count(*) from content.audit_events where action = 'article.scheduled_publish' and subject_id = ${scheduled.id}`), '1');
    });
    await verify('the login limit is shared by the auth replicas (5 wrong passwords from one address, then 429)', async () => {
      const address = '198.51.100.23';
      const statuses: number[] = [];
      for (let n = 0; n < 6; n += 1) statuses.push((await admin.login('not-the-password', address)).status);
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
      assert.equal((await admin.login(adminPassword, address)).status, 429, 'the right password from the limited address');
      assert.equal((await admin.login(adminPassword, '198.51.100.24')).status, 200, 'another address is not limited');
    });
    await verify('a signed-out session is refused by every gateway', async () => {
      const session = await admin.token();
      const before = askEveryGateway(s, '/api/articles/admin/all?page=1&limit=1', session);
      assert.deepEqual(before.map((a) => a.status), [200, 200], JSON.stringify(before));
      await admin.logout(session);
      const after = askEveryGateway(s, '/api/articles/admin/all?page=1&limit=1', session);
      assert.deepEqual(after.map((a) => a.status), [401, 401], JSON.stringify(after));
    });
    await verify('the backup and the restore as one-off Swarm services (docs/operations.md): the live stack backed up, every file as its manifest says, restored into an empty database and bucket beside it, articles, revisions and categories equal', async () => {
      const figures = await phase(timings, 'backup and restore as one-off services', () => backUpAndRestore(s, STACK, 'swarm-v1', work, secrets, postgres));
      process.stdout.write(`swarm: backup ${figures.backupSeconds.toFixed(1)} s (database ${figures.databaseBytes} bytes, ${figures.objects} objects), restore ${figures.restoreSeconds.toFixed(1)} s, each as a one-off service from its creation to its end\n`);
      for (const table of ['content.articles', 'content.article_revisions', 'content.categories']) assert.equal(tableDigest(s, postgres, 'restored', table), tableDigest(s, postgres, 'live', table), table);
    });
    if (failedChecks.length > 0) throw new Error(failedChecks.map((e) => (e instanceof Error ? e.message : String(e))).join('\n\n'));
  } catch (error) {
    failure = error;
    await Promise.all([traffic?.stop(), signIns?.stop()]);
  } finally {
    if (swarm && process.env.SWARM_TEST_KEEP === '1') {
      process.stdout.write(`swarm: SWARM_TEST_KEEP=1: left running as stack ${STACK} (files in ${work}); end it with docker swarm leave --force\n`);
    } else if (swarm) {
      const s = swarm;
      await phase(timings, 'swarm leave --force', () => s.leave());
    }
  }

  process.stdout.write('\nswarm: timings\n');
  for (const [name, seconds] of timings) process.stdout.write(`  ${name.padEnd(48)} ${seconds.toFixed(1).padStart(7)} s\n`);
  process.stdout.write(`  ${'total'.padEnd(48)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s\n`);
  if (failure) {
    process.stdout.write(`\nswarm: FAILED: ${failure instanceof Error ? failure.message : String(failure)}\n`);
    process.stdout.write(`swarm: the last commands (full log: ${shell.logFile}):\n${shell.tail(30)}\n`);
    if (checks.failed === 0) checks.failed = 1;
  } else if (process.env.SWARM_TEST_KEEP !== '1') {
    rmSync(work, { recursive: true, force: true });
  }
  process.stdout.write(`\nswarm: ${checks.passed} passed, ${checks.failed} failed\n`);
  return failure ? 1 : 0;
}

process.exitCode = await main();
