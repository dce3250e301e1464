import { Logger } from '@nestjs/common';
import type { Collection, Connection } from 'mongoose';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { MIGRATIONS_COLLECTION, type Migration, type MigrationRecord } from './migration';

const DUPLICATE_KEY = 11000;

export interface MigrationRunOptions {
  /** How long a claim holds without renewal (renewed every third of it while the migration runs). */
  leaseMs?: number;
  /** How often a process that found a migration running elsewhere looks again. */
  pollMs?: number;
  /** Names this process in the records (tests run two runners in one process). */
  runner?: string;
}

/** What happened to one migration in this run. */
export interface MigrationOutcome {
  id: string;
  /** `applied`: this run did it; `already applied`: a record said so (it was not run). */
  result: 'applied' | 'already applied';
  summary: string | null;
}

/**
 * Applies every migration not yet recorded as applied, in order, each once across all the
 * processes that start together: a process claims a migration by inserting its record
 * (`running`, unique `_id`); another that finds it claimed waits until it is applied (or
 * takes it over once the claim's lease ran out: its runner died), and skips it. A failure
 * removes the claim, so the next start runs it again, and stops the run: later migrations
 * may rely on it.
 */
export async function runMigrations(
  connection: Connection,
  migrations: readonly Migration[],
  options: MigrationRunOptions = {},
): Promise<MigrationOutcome[]> {
  checkOrder(migrations);
  const records = connection.collection<MigrationRecord>(
    MIGRATIONS_COLLECTION,
  ) as unknown as Collection<MigrationRecord>;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1_000;
  const runner = options.runner ?? `${hostname()}:${process.pid}`;
  const logger = new Logger('Migrations');
  const outcomes: MigrationOutcome[] = [];
  for (const migration of migrations) {
    for (;;) {
      const existing = await records.findOne({ _id: migration.id });
      if (existing?.status === 'applied') {
        outcomes.push({ id: migration.id, result: 'already applied', summary: existing.summary });
        break;
      }
      const claimed = existing
        ? await takeOverExpired(records, existing, runner, leaseMs)
        : await claim(records, migration.id, runner, leaseMs);
      if (claimed) {
        const summary = await apply(records, migration, runner, leaseMs, logger);
        outcomes.push({ id: migration.id, result: 'applied', summary });
        break;
      }
      await sleep(pollMs);
    }
  }
  const applied = outcomes.filter((outcome) => outcome.result === 'applied').length;
  logger.log(`${applied} migration(s) applied now, ${outcomes.length - applied} applied before`);
  return outcomes;
}

function checkOrder(migrations: readonly Migration[]): void {
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i - 1].id >= migrations[i].id) {
      throw new Error(
        `migration ${migrations[i].id} is listed after ${migrations[i - 1].id}: ids must ascend`,
      );
    }
  }
}

async function claim(
  records: Collection<MigrationRecord>,
  id: string,
  runner: string,
  leaseMs: number,
): Promise<boolean> {
  const now = new Date();
  try {
    await records.insertOne({
      _id: id,
      status: 'running',
      runner,
      startedAt: now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      appliedAt: null,
      durationMs: null,
      summary: null,
    });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
    throw error;
  }
}

/** Takes over a claim whose lease ran out, if no other process took it first. */
async function takeOverExpired(
  records: Collection<MigrationRecord>,
  existing: MigrationRecord,
  runner: string,
  leaseMs: number,
): Promise<boolean> {
  const now = new Date();
  if (existing.leaseUntil && existing.leaseUntil > now) return false;
  const taken = await records.updateOne(
    { _id: existing._id, status: 'running', runner: existing.runner },
    { $set: { runner, startedAt: now, leaseUntil: new Date(now.getTime() + leaseMs) } },
  );
  return taken.modifiedCount === 1;
}

async function apply(
  records: Collection<MigrationRecord>,
  migration: Migration,
  runner: string,
  leaseMs: number,
  logger: Logger,
): Promise<string> {
  const started = Date.now();
  logger.log(`${migration.id}: applying`);
  const renewal = setInterval(() => {
    void records
      .updateOne(
        { _id: migration.id, runner, status: 'running' },
        { $set: { leaseUntil: new Date(Date.now() + leaseMs) } },
      )
      .catch((error: unknown) =>
        logger.warn(`${migration.id}: claim not renewed: ${(error as Error).message}`),
      );
  }, leaseMs / 3);
  let summary: string;
  try {
    summary = await migration.up();
  } catch (error) {
    clearInterval(renewal);
    await records.deleteOne({ _id: migration.id, runner, status: 'running' });
    throw new Error(`migration ${migration.id} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
  clearInterval(renewal);
  const durationMs = Date.now() - started;
  const recorded = await records.updateOne(
    { _id: migration.id, runner, status: 'running' },
    {
      $set: { status: 'applied', appliedAt: new Date(), durationMs, summary, leaseUntil: null },
    },
  );
  // Another process took the claim over meanwhile (this one stalled past its lease): its
  // own run records the outcome; the migration is safe to run twice.
  if (recorded.modifiedCount !== 1) logger.warn(`${migration.id}: claim lost while applying`);
  logger.log(`${migration.id}: ${summary} (${durationMs} ms)`);
  return summary;
}
