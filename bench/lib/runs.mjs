// What the load and fault runs share: a seeded random source (a seed replays a run's faults), a
// pool that keeps a number of clients busy, and a runner that stops what a run started.
import { stopAll } from '../../scripts/lib/processes.mjs';

/** A seeded PRNG (mulberry32): numbers in [0, 1), the same for the same seed. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `work(i)` for 0…count-1, at most `limit` at a time. */
export async function pool(count, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/**
 * Runs a fault or load run's `main`: on Ctrl-C or a test's timeout, and when it throws, stops
 * what the run started (its stack's processes), not only this process.
 */
export function runStoppingAll(tag, main) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      await stopAll(3000);
      process.exit(130);
    });
  }
  main().catch(async (error) => {
    console.error(`[${tag}] failed: ${error.stack ?? error.message}`);
    await stopAll(5000);
    process.exit(1);
  });
}
