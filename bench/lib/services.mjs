// What every bench that runs the product needs: MongoDB and Redis (the embedded
// ones of its own, in .data/bench-<name>-*, unless BENCH_MONGODB_URI / REDIS_URL
// are given), and the load average to print beside each figure.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/lib/processes.mjs';
import { startMongo, startRedis } from '../../scripts/lib/services.mjs';
import { DATA_DIR } from '../../scripts/lib/setup.mjs';

/** The 1, 5 and 15 minute load averages, as /proc/loadavg gives them. */
export const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** MongoDB's base URI (no database) and Redis's URL for the bench `name`. */
export async function benchServices(name) {
  let mongoBase = process.env.BENCH_MONGODB_URI;
  if (!mongoBase) {
    ({ uri: mongoBase } = await startMongo({
      port: await freePort(),
      dataDir: path.join(DATA_DIR, `bench-${name}-mongo`),
    }));
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    ({ url: redisUrl } = await startRedis({
      port: await freePort(),
      dataDir: path.join(DATA_DIR, `bench-${name}-redis`),
    }));
  }
  return { mongoBase, redisUrl };
}
