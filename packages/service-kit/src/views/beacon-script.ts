import type { Redis } from 'ioredis';
import type { AdmissionCheck } from './view-keys.js';

export interface BeaconOp {
  stamp: { keys: readonly string[]; expected: readonly string[] };
  admission: AdmissionCheck;
  /** The batch hash (named without the prefix, as the registry lists it) and the field, the article's id. */
  count: { registry: string; batch: string; field: string };
  /** The ranking's sorted set for today; the member is `count.field`. */
  ranking: { key: string; ttlMs: number };
  /** Postgres's figure for the article, and where the count last shown is kept. */
  shown: { key: string; base: number; ttlMs: number };
}

export type BeaconOutcome = { decision: 'stale'; stamp: string[] } | { decision: 'pass' | 'repeat' | 'limited'; count: number };

/**
 * One beacon, decided as alone: KEYS: n stamp keys, then rate, cap, registry, batch, ranking, shown,
 * once…; ARGV: n, n expected values, rate ttl, rate limit, cap ttl, cap limit, once ttl, batch name
 * (unprefixed), field, ranking ttl, key prefix, Postgres's figure, shown ttl. `memo` holds what
 * earlier beacons of the same call already read or wrote (the script runs atomically, so it stays
 * true): the stamps, the registry's members, the pending sums, the counts shown, the expiries set.
 */
const BEACON = `
local n = tonumber(ARGV[1])
local current = {}
local stale = false
for i = 1, n do
  local value = memo.get[KEYS[i]]
  if value == nil then
    value = redis.call('GET', KEYS[i]) or '0'
    memo.get[KEYS[i]] = value
  end
  current[i] = value
  if value ~= ARGV[1 + i] then stale = true end
end
if stale then return {'stale', current} end
local a = n + 1
local rate, cap, registry, batch, ranking, shown = KEYS[n + 1], KEYS[n + 2], KEYS[n + 3], KEYS[n + 4], KEYS[n + 5], KEYS[n + 6]
local field = ARGV[a + 7]
local decision = 'pass'
local hits = redis.call('INCR', rate)
if hits == 1 then redis.call('PEXPIRE', rate, ARGV[a + 1]) end
if hits > tonumber(ARGV[a + 2]) then decision = 'limited' end
if decision == 'pass' then
  for i = n + 7, #KEYS do
    if not redis.call('SET', KEYS[i], '1', 'PX', ARGV[a + 5], 'NX') then decision = 'repeat' break end
  end
end
if decision == 'pass' then
  local readers = redis.call('INCR', cap)
  if readers == 1 then redis.call('PEXPIRE', cap, ARGV[a + 3]) end
  if readers > tonumber(ARGV[a + 4]) then decision = 'limited' end
end
local hashes = memo.members[registry]
if hashes == nil then
  hashes = redis.call('SMEMBERS', registry)
  memo.members[registry] = hashes
end
local sumKey = registry .. ' ' .. field
if decision == 'pass' then
  local name = ARGV[a + 6]
  if not memo.added[registry .. ' ' .. name] then
    if redis.call('SADD', registry, name) == 1 then hashes[#hashes + 1] = name end
    memo.added[registry .. ' ' .. name] = true
  end
  redis.call('HINCRBY', batch, field, 1)
  redis.call('ZINCRBY', ranking, 1, field)
  if not memo.ranked[ranking] then
    redis.call('PEXPIRE', ranking, ARGV[a + 8])
    memo.ranked[ranking] = true
  end
  if memo.pending[sumKey] then memo.pending[sumKey] = memo.pending[sumKey] + 1 end
end
local pending = memo.pending[sumKey]
if pending == nil then
  pending = 0
  for _, hash in ipairs(hashes) do
    local value = redis.call('HGET', ARGV[a + 9] .. hash, field)
    if value then pending = pending + tonumber(value) end
  end
  memo.pending[sumKey] = pending
end
local count = tonumber(ARGV[a + 10]) + pending
local last = memo.shown[shown]
if last == nil then last = tonumber(redis.call('GET', shown) or '0') end
if last > count then count = last end
if memo.shown[shown] ~= count then
  redis.call('SET', shown, count, 'PX', ARGV[a + 11])
  memo.shown[shown] = count
end
return {decision, count}`;

/**
 * Several beacons in one call, each decided as alone and in turn: ARGV[1] is n, then each beacon's
 * count of KEYS and of ARGV, then each beacon's ARGV; KEYS are each beacon's in turn.
 */
export const BEACONS_SCRIPT = `
local memo = { get = {}, members = {}, added = {}, ranked = {}, pending = {}, shown = {} }
local function beacon(KEYS, ARGV)
${BEACON}
end
local n = tonumber(ARGV[1])
local results = {}
local k, a = 0, 1 + 2 * n
for i = 1, n do
  local nk, na = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  results[i] = beacon({unpack(KEYS, k + 1, k + nk)}, {unpack(ARGV, a + 1, a + na)})
  k = k + nk
  a = a + na
end
return results`;

type BeaconReply = [string, number | string[]];

interface WaitingBeacon {
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
    const keys = [...stamp.keys, rate.key, cap.key, count.registry, count.batch, ranking.key, shown.key, ...once];
    const args = [
      stamp.keys.length, ...stamp.expected, rate.ttlMs, rate.limit, cap.ttlMs, cap.limit, onceTtlMs, count.batch, count.field, ranking.ttlMs, this.prefix,
      shown.base, shown.ttlMs,
    ];
    const [decision, detail] = await new Promise<BeaconReply>((done, fail) => this.queue({ keys, args, done, fail }));
    if (decision === 'stale') return { decision, stamp: (detail as string[]).map(String) };
    if (decision !== 'pass' && decision !== 'repeat' && decision !== 'limited') throw new Error(`unexpected beacon answer ${decision}`);
    return { decision, count: Number(detail) };
  }

  /** The beacons of one turn of the event loop go to Redis as one script call. */
  private queue(beacon: WaitingBeacon): void {
    this.waiting.push(beacon);
    if (this.waiting.length > 1) return;
    setImmediate(() => {
      const batch = this.waiting;
      this.waiting = [];
      const keys: string[] = [];
      const counts: number[] = [batch.length];
      const args: Array<string | number> = [];
      for (const one of batch) {
        keys.push(...one.keys);
        counts.push(one.keys.length, one.args.length);
        args.push(...one.args);
      }
      this.redis.coinmagBeacons(keys.length, ...keys, ...counts, ...args).then(
        (replies) => batch.forEach((one, index) => one.done(replies[index]!)),
        (err) => batch.forEach((one) => one.fail(err)),
      );
    });
  }
}
