// `npm run bench` (suite `newsletter`): a campaign to NEWSLETTER_BENCH_SUBSCRIBERS (default 100,000)
// confirmed subscribers, sent by the real deployable (services/newsletter/src/main.ts, its own
// process) into a local SMTP sink (smtp-server, in this process, counting each Message-ID). The
// sender is SIGKILLed a few milliseconds after NEWSLETTER_BENCH_KILL_AT (default 40 %) of the emails
// have begun to arrive, and started again; the figures: emails per second, the sender's CPU per 1,000 emails, its memory
// along the campaign, and whether every subscriber got the email exactly once.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pino } from 'pino';
import { createDatabase } from '@coinmag/service-kit/database';
import { createTestDatabase, createTestSigningKeys } from '@coinmag/service-kit/testing';
import { CampaignsService } from '../../services/newsletter/src/campaigns/campaigns.service.js';
import { ContentClient } from '../../services/newsletter/src/campaigns/content-client.js';
import { migrateNewsletter } from '../../services/newsletter/src/database.js';
import { startSenderProcess, type SenderProcess } from '../../services/newsletter/test/support/sender-process.js';
import { startSmtpSink } from '../../services/newsletter/test/support/smtp-sink.js';
import { addConfirmed } from '../../services/newsletter/test/support/subscribers-fixture.js';
import { cpuMsOf } from './cpu-time.js';

const N = Number(process.env.NEWSLETTER_BENCH_SUBSCRIBERS ?? 100_000);
const KILL_AT = Math.round(N * Number(process.env.NEWSLETTER_BENCH_KILL_AT ?? 0.4));
const CONNECTIONS = process.env.NEWSLETTER_BENCH_CONNECTIONS ?? '4';
/** A directory: each sender process writes its CPU profile there (node --cpu-prof; a killed one writes none). */
const CPU_PROF_DIR = process.env.NEWSLETTER_BENCH_CPU_PROF;

function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

async function main() {
  const log = pino({ level: 'warn' });
  const database = await createTestDatabase('cm_newsletter_bench');
  const db = createDatabase({ url: database.url, schema: 'newsletter', poolMax: 4 });
  let sender: SenderProcess | undefined;
  let killedAfterMs: number | undefined;
  const sink = await startSmtpSink({
    countOnly: true,
    onDataStart: (_recipient, count) => {
      if (count !== KILL_AT || !sender) return;
      // Killed at a moment of this timer's choosing (1 to 4 ms on), not at a step of the protocol:
      // wherever the sender's connections happen to be — data on the wire, an answer on its way.
      const victim = sender;
      const delay = Math.random() * 3;
      const at = performance.now();
      setTimeout(() => {
        victim.child.kill('SIGKILL');
        killedAfterMs = performance.now() - at;
      }, delay);
    },
  });
  try {
    await migrateNewsletter(db, 'newsletter', log);
    await addConfirmed(db, N);
    const [campaign] = await db('campaigns')
      .insert({ kind: 'digest', subject: '每週精選｜效能測試', intro: '本週最多人讀的文章。', articles: JSON.stringify([{ title: '比特幣入門', url: 'https://coinmag.example/article/btc', excerpt: '摘要', image: 'https://coinmag.example/uploads/a.webp', category: '新手入門' }]) })
      .returning('id');
    const campaigns = new CampaignsService(db, new ContentClient('http://127.0.0.1:9', 'https://coinmag.example'), () => undefined, log);
    const queuedAt = Date.now();
    await campaigns.send(Number((campaign as { id: string }).id));
    const queueMs = Date.now() - queuedAt;
    const env = {
      DATABASE_URL: database.url,
      DB_SCHEMA: 'newsletter',
      NEWSLETTER_SMTP_URL: sink.url,
      NEWSLETTER_SMTP_CONNECTIONS: CONNECTIONS,
      NEWSLETTER_BATCH: '200',
      NEWSLETTER_LEASE_MS: '5000',
      NEWSLETTER_POLL_MS: '100',
      NEWSLETTER_RATE_PER_MINUTE: '600000',
      NEWSLETTER_LINK_SECRET: 'newsletter-bench-link-secret',
      SITE_ORIGIN: 'https://coinmag.example',
      CONTENT_URL: 'http://127.0.0.1:9',
      JWT_PUBLIC_KEY: createTestSigningKeys().publicKey,
      LOG_LEVEL: 'error',
    };
    const phases: Array<{ emails: number; ms: number; cpuMs: number; rss: number[] }> = [];
    for (let round = 0; round < 2; round += 1) {
      sender = await startSenderProcess(env, CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : []);
      const pid = sender.child.pid!;
      const startCount = sink.acceptedCount;
      const started = Date.now();
      let cpu = 0;
      const rss: number[] = [];
      let alive = true;
      void sender.exited.then(() => (alive = false));
      while (alive && sink.acceptedCount < N) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        cpu = cpuMsOf(pid) ?? cpu;
        const mb = rssMb(pid);
        if (mb !== undefined) rss.push(mb);
      }
      phases.push({ emails: sink.acceptedCount - startCount, ms: Date.now() - started, cpuMs: cpu, rss });
      if (alive) {
        sender.child.kill('SIGTERM');
        await sender.exited;
      }
    }
    const { rows } = await db.raw(`select status, count(*)::int as n from deliveries group by status`);
    const duplicates = [...sink.accepted.values()].filter((times) => times > 1).length;
    const sending = phases.reduce((sum, phase) => sum + phase.emails, 0);
    const ms = phases.reduce((sum, phase) => sum + phase.ms, 0);
    const cpuMs = phases.reduce((sum, phase) => sum + phase.cpuMs, 0);
    const rssAll = phases.flatMap((phase) => phase.rss);
    console.log(JSON.stringify({ subscribers: N, killedAt: KILL_AT, connections: Number(CONNECTIONS), queueMs, phases: phases.map((phase) => ({ emails: phase.emails, seconds: +(phase.ms / 1000).toFixed(1), rssMbMin: Math.min(...phase.rss), rssMbMax: Math.max(...phase.rss) })), load: load() }));
    console.log(`newsletter: ${N} subscribers, sender killed (SIGKILL) ${killedAfterMs?.toFixed(2)} ms after the ${KILL_AT}th email's data began, and started again`);
    console.log(`  queued in ${queueMs} ms; sent ${sending} in ${(ms / 1000).toFixed(1)} s: ${(sending / (ms / 1000)).toFixed(0)} emails/s`);
    console.log(`  sender CPU ${(cpuMs / (sending / 1000)).toFixed(0)} ms per 1,000 emails; RSS ${Math.min(...rssAll)}–${Math.max(...rssAll)} MB over the campaign`);
    console.log(`  arrived ${sink.acceptedCount}, distinct ${sink.accepted.size}, more than once ${duplicates}; deliveries ${JSON.stringify(rows)}`);
    console.log(`  load average ${load()}`);
    if (sink.accepted.size !== N || duplicates > 0) {
      console.error(`FAILED: ${sink.accepted.size} of ${N} subscribers got the email, ${duplicates} more than once`);
      process.exitCode = 1;
    }
  } finally {
    sender?.child.kill('SIGKILL');
    await sink.close();
    await db.destroy();
    await database.drop();
  }
}

void main();
