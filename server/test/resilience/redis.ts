import { Redis } from 'ioredis';

/** TEST_REDIS_URL, or the local Redis the project's machines run; undefined if it does not answer. */
export async function reachableRedis(
  url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
): Promise<string | undefined> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG' ? url : undefined;
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}

/** Removes every key a run wrote under its own prefix (they would expire anyway). */
export async function deleteKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let deleted = 0;
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length) deleted += await redis.del(...keys);
    }
    return deleted;
  } finally {
    redis.disconnect();
  }
}
