import { Redis } from 'ioredis';
import { createConnection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { AppConfig } from '../../src/platform/config/app-config';
import { loadConfig } from '../../src/platform/config/load-config';

/**
 * An isolated slice of the shared services for one test file: its own MongoDB
 * database and its own Redis key prefix (BullMQ queues, Socket.IO channels), so
 * files run in parallel without seeing each other's data. `cleanup()` drops both.
 */
export interface TestEnv {
  config: AppConfig;
  dbName: string;
  prefix: string;
  cleanup(): Promise<void>;
}

export function createTestEnv(testFile: string, overrides: Record<string, string> = {}): TestEnv {
  const { MONGODB_URI, REDIS_URL } = process.env;
  if (!MONGODB_URI || !REDIS_URL) {
    throw new Error(
      'MONGODB_URI and REDIS_URL must be set (the jest global setup normally does it)',
    );
  }
  const slug = basename(testFile)
    .replace(/\.(integration-)?spec\.ts$/, '')
    .replace(/[^a-zA-Z0-9]+/g, '_')
    .slice(0, 40);
  const id = `${slug}_${randomBytes(4).toString('hex')}`;
  const dbName = `test_${id}`;
  const prefix = `test-${id}`;

  const config = loadConfig({
    NODE_ENV: 'test',
    MONGODB_URI: withDatabase(MONGODB_URI, dbName),
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    // TEST_LOG_LEVEL=debug shows the apps' logs when a test needs investigating.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...overrides,
  });

  return {
    config,
    dbName,
    prefix,
    async cleanup() {
      await Promise.all([dropDatabase(config.MONGODB_URI), deleteKeys(REDIS_URL, prefix)]);
    },
  };
}

/** Replaces (or adds) the database path of a MongoDB URI, keeping hosts and options. */
export function withDatabase(uri: string, dbName: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!match) throw new Error(`Cannot parse MONGODB_URI ${uri}`);
  return `${match[1]}/${dbName}${match[2] ?? ''}`;
}

async function dropDatabase(uri: string): Promise<void> {
  const connection = await createConnection(uri, { serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
}

async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
