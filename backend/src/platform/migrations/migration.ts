/**
 * One dated change to stored data, applied once per database by the migration runner
 * (`node dist/main.migrate.js`, before a new api starts). Runtime code then reads the
 * stored records in their new shape only: no read path keeps accepting the old one.
 */
export interface Migration {
  /**
   * `YYYY-MM-DD-what-it-does`: the `_id` of its record in `migrations`. Migrations apply
   * in the order of their ids, so a new one is dated after every one before it.
   */
  readonly id: string;
  /**
   * Makes the change and returns a one-line summary for the log and the record. It must be
   * safe to run again from the start: a run cut short (a crash, a lost claim) is run again.
   */
  up(): Promise<string>;
}

export const MIGRATIONS_COLLECTION = 'migrations';

/** One migration's record: written as `running` when a process claims it, `applied` when done. */
export interface MigrationRecord {
  _id: string;
  status: 'running' | 'applied';
  /** The process running it (`host:pid`): only it renews the claim or records the outcome. */
  runner: string;
  startedAt: Date;
  /** A claim not renewed by then belongs to a process that died: another may take it over. */
  leaseUntil: Date | null;
  appliedAt: Date | null;
  durationMs: number | null;
  summary: string | null;
}
