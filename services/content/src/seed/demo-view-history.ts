/**
 * The demo's view history (示範資料): made up at seed time so the dashboard's charts show
 * something plausible on a fresh site. Deterministic — the same articles and moment give the same
 * rows — from a seeded PRNG per article. Each article's views follow the day's rhythm in Taipei
 * (quiet before dawn, a lunch bump, an evening peak), fewer at weekends, a spike right after
 * publication (mostly shared on LINE and Facebook) fading into a long tail; sources and devices
 * come in the proportions a Taiwanese news site sees (mostly phones, search and LINE first).
 */

export interface DemoViewArticle {
  /** Seeds the article's PRNG (a slug keeps the history the same whatever ids the rows get). */
  key: string;
  id: number;
  publishedAt: Date;
  /** The views the article has had in its whole life: its history is scaled to end near this. */
  lifetimeViews: number;
}

export type DemoSourceKind = 'search' | 'social' | 'direct' | 'site';
export type DemoDevice = 'phone' | 'tablet' | 'desktop';

export interface DemoViewRow {
  hour: Date;
  articleId: number;
  sourceKind: DemoSourceKind;
  host: string;
  device: DemoDevice;
  views: number;
}

const HOUR = 3_600_000;
const TAIPEI_OFFSET = 8 * HOUR;

/** Relative readers by Taipei hour of day, 0–23. */
const DAY_RHYTHM = [0.35, 0.22, 0.14, 0.1, 0.08, 0.1, 0.22, 0.5, 0.85, 0.9, 0.8, 0.8, 1.0, 0.95, 0.7, 0.65, 0.7, 0.75, 0.85, 1.0, 1.15, 1.25, 1.1, 0.7];
const WEEKEND = 0.78;

type Weighted<T> = ReadonlyArray<readonly [T, number]>;

const SEARCH_HOSTS: Weighted<string> = [['www.google.com', 0.84], ['www.bing.com', 0.08], ['tw.search.yahoo.com', 0.06], ['duckduckgo.com', 0.02]];
const SOCIAL_HOSTS: Weighted<string> = [['line.me', 0.42], ['l.facebook.com', 0.22], ['m.facebook.com', 0.06], ['t.co', 0.1], ['t.me', 0.1], ['www.threads.net', 0.05], ['www.ptt.cc', 0.05]];
const SITE_HOSTS: Weighted<string> = [['news.cnyes.com', 0.35], ['www.blocktempo.com', 0.3], ['medium.com', 0.2], ['www.coindesk.com', 0.15]];

/** mulberry32: small, fast and good enough for made-up numbers. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function hash(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

function pick<T>(random: () => number, weighted: Weighted<T>): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let r = random() * total;
  for (const [value, weight] of weighted) {
    r -= weight;
    if (r < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

function poisson(random: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) {
    // Normal approximation (Box–Muller) where Knuth's method would loop too long.
    const gauss = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * gauss));
  }
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = random(); p > limit; p *= random()) k += 1;
  return k;
}

/** How many readers an hour brings, relative: rhythm × weekday × (long tail + publication spike). */
function weight(hour: number, publishedAt: number): number {
  const local = new Date(hour + TAIPEI_OFFSET);
  const day = local.getUTCDay();
  const ageHours = Math.max(0, (hour - publishedAt) / HOUR);
  const tail = 0.25 + 0.75 / (1 + ageHours / (24 * 6));
  const spike = 9 * Math.exp(-ageHours / 16);
  return DAY_RHYTHM[local.getUTCHours()]! * (day === 0 || day === 6 ? WEEKEND : 1) * (tail + spike);
}

function source(random: () => number, ageHours: number): { kind: DemoSourceKind; host: string } {
  // The first two days are mostly shares; later, search finds the article.
  const fresh = ageHours < 48;
  const kind = pick<DemoSourceKind>(random, fresh ? [['search', 0.2], ['social', 0.45], ['direct', 0.27], ['site', 0.08]] : [['search', 0.46], ['social', 0.2], ['direct', 0.25], ['site', 0.09]]);
  if (kind === 'direct') return { kind, host: '' };
  return { kind, host: pick(random, kind === 'search' ? SEARCH_HOSTS : kind === 'social' ? SOCIAL_HOSTS : SITE_HOSTS) };
}

function device(random: () => number, hour: number): DemoDevice {
  const local = new Date(hour + TAIPEI_OFFSET);
  const office = local.getUTCDay() !== 0 && local.getUTCDay() !== 6 && local.getUTCHours() >= 9 && local.getUTCHours() < 18;
  return pick<DemoDevice>(random, office ? [['phone', 0.56], ['desktop', 0.37], ['tablet', 0.07]] : [['phone', 0.76], ['desktop', 0.17], ['tablet', 0.07]]);
}

/**
 * Hourly rows for each article from its publication on, at most `days` days back (the hourly
 * retention: older demo history would be days), up to the hour before `now`'s (that hour is left
 * to real views). Rows with no views are not made.
 */
export function demoViewHistory(articles: readonly DemoViewArticle[], now: Date, days = 90): DemoViewRow[] {
  const lastHour = Math.floor(now.getTime() / HOUR) * HOUR - HOUR;
  const firstHour = lastHour - (days * 24 - 1) * HOUR;
  const rows = new Map<string, DemoViewRow>();
  for (const article of articles) {
    const published = article.publishedAt.getTime();
    if (published > lastHour + HOUR) continue;
    const random = prng(hash(article.key));
    const startHour = Math.floor(published / HOUR) * HOUR;
    // The whole life's weight, so the month shows the share of lifetimeViews it would have had.
    let lifetime = 0;
    for (let hour = startHour; hour <= lastHour; hour += HOUR) lifetime += weight(hour, published);
    if (lifetime <= 0) continue;
    const perWeight = article.lifetimeViews / lifetime;
    for (let hour = Math.max(startHour, firstHour); hour <= lastHour; hour += HOUR) {
      const views = poisson(random, weight(hour, published) * perWeight);
      for (let n = 0; n < views; n += 1) {
        const from = source(random, (hour - published) / HOUR);
        const on = device(random, hour);
        const key = `${hour}\n${article.id}\n${from.kind}\n${from.host}\n${on}`;
        const row = rows.get(key);
        if (row) row.views += 1;
        else rows.set(key, { hour: new Date(hour), articleId: article.id, sourceKind: from.kind, host: from.host, device: on, views: 1 });
      }
    }
  }
  return [...rows.values()];
}
