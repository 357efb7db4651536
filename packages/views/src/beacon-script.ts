import type { Redis } from 'ioredis';
import type { AdmissionCheck } from './keys.js';

export interface BeaconOp {
  stamp: { keys: readonly string[]; expected: readonly string[] };
  admission: AdmissionCheck;
  /** The batch hash (named without the prefix, as the registry lists it), the field (the article's id) and the view's bucket field (`bucketField`). */
  count: { registry: string; batch: string; field: string; bucket: string };
  /** The ranking's sorted set for today; the member is `count.field`. */
  ranking: { key: string; ttlMs: number };
  /** Postgres's figure for the article, and where the count last shown is kept. */
  shown: { key: string; base: number; ttlMs: number };
}

/**
 * `pass`: counted now; `replay`: this page view was counted before (its id sent again), answered as
 * counted and not counted again; `repeat`: this reader's view of the article is counted already.
 */
export type BeaconOutcome = { decision: 'stale'; stamp: string[] } | { decision: 'pass' | 'replay' | 'repeat' | 'limited'; count: number };

/**
 * Beacons in one call, each decided as alone and in turn. What every beacon of the call shares is
 * given once: KEYS[1] the registry, KEYS[2..1+s] the s stamp keys; ARGV[1] n (beacons), ARGV[2] s,
 * then rate ttl, rate limit, cap ttl, cap limit, once ttl, ranking ttl, shown ttl, key prefix.
 * Then per beacon, KEYS: rate, cap, batch, ranking, shown, its once-keys; ARGV: its number of
 * once-keys, the s expected stamp values, the field (the article's id), Postgres's figure, 1 when its first once-key is its page view's (else 0), and
 * its bucket field (counted with the article's field in the same batch hash).
 * The script runs atomically, so what earlier beacons of the call read stays true (the stamps, the
 * registry's members, the pending sums, the counts shown), and the counts, ranks and counts shown
 * of the call are written once each at its end. The batch's registry member is its key without the
 * prefix, as SUM_REGISTERED reads them.
 */
export const BEACONS_SCRIPT = `
local registry = KEYS[1]
local n, s = tonumber(ARGV[1]), tonumber(ARGV[2])
local rateTtl, rateLimit, capTtl, capLimit = ARGV[3], tonumber(ARGV[4]), ARGV[5], tonumber(ARGV[6])
local onceTtl, rankingTtl, shownTtl, prefix = ARGV[7], ARGV[8], ARGV[9], ARGV[10]
local stamps = {}
for i = 1, s do stamps[i] = redis.call('GET', KEYS[1 + i]) or '0' end
local hashes = redis.call('SMEMBERS', registry)
local added, ranked, pendings, shownCounts = {}, {}, {}, {}
-- The call's counts, ranks and counts shown are written once at its end (it runs atomically).
local counted, countOrder, rankedBy, rankOrder, addedTo, shownDirty = {}, {}, {}, {}, {}, {}
local results = {}
local k, a = 1 + s, 10
for b = 1, n do
  local nOnce = tonumber(ARGV[a + 1])
  local stale = false
  for i = 1, s do
    if stamps[i] ~= ARGV[a + 1 + i] then stale = true end
  end
  local field, base, pageViewKeyed, bucket = ARGV[a + 2 + s], tonumber(ARGV[a + 3 + s]), ARGV[a + 4 + s] == '1', ARGV[a + 5 + s]
  local rate, cap, batch, ranking, shown = KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], KEYS[k + 4], KEYS[k + 5]
  if stale then
    results[b] = {'stale', stamps}
  else
    local decision = 'pass'
    local hits = redis.call('INCR', rate)
    if hits == 1 then redis.call('PEXPIRE', rate, rateTtl) end
    if hits > rateLimit then decision = 'limited' end
    if decision == 'pass' then
      for i = 1, nOnce do
        if not redis.call('SET', KEYS[k + 5 + i], '1', 'PX', onceTtl, 'NX') then
          if i == 1 and pageViewKeyed and redis.call('GET', KEYS[k + 6]) == 'counted' then decision = 'replay' else decision = 'repeat' end
          break
        end
      end
    end
    if decision == 'pass' then
      local readers = redis.call('INCR', cap)
      if readers == 1 then redis.call('PEXPIRE', cap, capTtl) end
      if readers > capLimit then decision = 'limited' end
    end
    if decision == 'pass' then
      if pageViewKeyed then redis.call('SET', KEYS[k + 6], 'counted', 'PX', onceTtl) end
      if not added[batch] then
        local member = string.sub(batch, #prefix + 1)
        if redis.call('SADD', registry, member) == 1 then hashes[#hashes + 1] = member end
        added[batch] = true
      end
      local countKey = batch .. ' ' .. field
      if not counted[countKey] then
        counted[countKey] = 0
        countOrder[#countOrder + 1] = {batch, field, countKey}
      end
      counted[countKey] = counted[countKey] + 1
      local bucketKey = batch .. ' ' .. bucket
      if not counted[bucketKey] then
        counted[bucketKey] = 0
        countOrder[#countOrder + 1] = {batch, bucket, bucketKey}
      end
      counted[bucketKey] = counted[bucketKey] + 1
      local rankKey = ranking .. ' ' .. field
      if not rankedBy[rankKey] then
        rankedBy[rankKey] = 0
        rankOrder[#rankOrder + 1] = {ranking, field, rankKey}
      end
      rankedBy[rankKey] = rankedBy[rankKey] + 1
      addedTo[field] = (addedTo[field] or 0) + 1
    end
    local pending = pendings[field]
    if pending == nil then
      pending = 0
      for _, hash in ipairs(hashes) do
        local value = redis.call('HGET', prefix .. hash, field)
        if value then pending = pending + tonumber(value) end
      end
      pendings[field] = pending
    end
    local count = base + pending + (addedTo[field] or 0)
    local last = shownCounts[shown]
    if last == nil then last = tonumber(redis.call('GET', shown) or '0') end
    if last > count then count = last end
    if shownCounts[shown] ~= count then
      shownCounts[shown] = count
      shownDirty[shown] = true
    end
    results[b] = {decision, count}
  end
  k = k + 5 + nOnce
  a = a + 5 + s
end
for _, entry in ipairs(countOrder) do redis.call('HINCRBY', entry[1], entry[2], counted[entry[3]]) end
for _, entry in ipairs(rankOrder) do
  redis.call('ZINCRBY', entry[1], rankedBy[entry[3]], entry[2])
  if not ranked[entry[1]] then
    redis.call('PEXPIRE', entry[1], rankingTtl)
    ranked[entry[1]] = true
  end
end
for key in pairs(shownDirty) do redis.call('SET', key, shownCounts[key], 'PX', shownTtl) end
return results`;

type BeaconReply = [string, number | string[]];

interface WaitingBeacon {
  /** What the beacons of one call share, and its key (beacons whose shared part differs go in another call). */
  shared: Array<string | number>;
  sharedKey: string;
  keys: string[];
  args: Array<string | number>;
  done: (reply: BeaconReply) => void;
  fail: (err: unknown) => void;
}

interface ScriptedRedis extends Redis {
  coinmagBeacons(...args: Array<string | number>): Promise<BeaconReply[]>;
}

/**
 * Runs view beacons on a Redis client (whose `keyPrefix` is `prefix`): admission, count, ranking and
 * the count to show in one atomic script (see BeaconOp), the beacons of one turn of the event loop
 * in one call. The scripts touch keys named in the batch registry, so they need a single Redis
 * (or one hash slot).
 */
export class BeaconScript {
  private readonly redis: ScriptedRedis;
  private waiting: WaitingBeacon[] = [];

  constructor(redis: Redis, private readonly prefix: string) {
    // EVALSHA, falling back to EVAL once per connection; ioredis prefixes the KEYS.
    redis.defineCommand('coinmagBeacons', { lua: BEACONS_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  async run({ stamp, admission, count, ranking, shown }: BeaconOp): Promise<BeaconOutcome> {
    const { rate, cap, once, onceTtlMs } = admission;
    const shared = [count.registry, ...stamp.keys, rate.ttlMs, rate.limit, cap.ttlMs, cap.limit, onceTtlMs, ranking.ttlMs, shown.ttlMs];
    const keys = [rate.key, cap.key, count.batch, ranking.key, shown.key, ...once];
    const args = [once.length, ...stamp.expected, count.field, shown.base, admission.pageViewKey ? 1 : 0, count.bucket];
    const [decision, detail] = await new Promise<BeaconReply>((done, fail) => this.queue({ shared, sharedKey: shared.join(' '), keys, args, done, fail }));
    if (decision === 'stale') return { decision, stamp: (detail as string[]).map(String) };
    if (decision !== 'pass' && decision !== 'replay' && decision !== 'repeat' && decision !== 'limited') throw new Error(`unexpected beacon answer ${decision}`);
    return { decision, count: Number(detail) };
  }

  /** The beacons of one turn of the event loop go to Redis in one script call (one per shared part: almost always one). */
  private queue(beacon: WaitingBeacon): void {
    this.waiting.push(beacon);
    if (this.waiting.length > 1) return;
    setImmediate(() => {
      const waiting = this.waiting;
      this.waiting = [];
      const calls = new Map<string, WaitingBeacon[]>();
      for (const one of waiting) {
        const call = calls.get(one.sharedKey);
        if (call) call.push(one);
        else calls.set(one.sharedKey, [one]);
      }
      for (const call of calls.values()) this.send(call);
    });
  }

  private send(call: WaitingBeacon[]): void {
    const [registry, ...rest] = call[0]!.shared as [string, ...Array<string | number>];
    const stampCount = rest.length - 7;
    const stampKeys = rest.slice(0, stampCount) as string[];
    const keys: Array<string> = [registry, ...stampKeys];
    const args: Array<string | number> = [call.length, stampCount, ...rest.slice(stampCount), this.prefix];
    for (const one of call) {
      for (const key of one.keys) keys.push(key);
      for (const arg of one.args) args.push(arg);
    }
    this.redis.coinmagBeacons(keys.length, ...keys, ...args).then(
      (replies) => call.forEach((one, index) => one.done(replies[index]!)),
      (err) => call.forEach((one) => one.fail(err)),
    );
  }
}
