import { Redis, type RedisOptions } from 'ioredis';
import type { ServiceRuntime } from './service-app.js';

/**
 * The one way a service opens Redis. Connection errors never reach the console as
 * unhandled 'error' events: they mark the dependency down in the service's health
 * (one log line when it goes down, one when it is back); the calls that meet them fail.
 */
export function createRedisClient(url: string, runtime: Pick<ServiceRuntime, 'health'> | undefined, options: RedisOptions = {}, dependency = 'redis'): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...options,
  });
  redis.on('error', (err: Error) => runtime?.health.report(dependency, false, err.message));
  redis.on('ready', () => runtime?.health.report(dependency, true));
  return redis;
}
