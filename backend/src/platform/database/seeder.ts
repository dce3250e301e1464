/** One feature's demo data. `seed()` must be idempotent: it runs on every `npm start`. */
export interface Seeder {
  readonly name: string;
  /** Returns a one-line summary for the log, e.g. "34 deals, 60 contacts". */
  seed(): Promise<string>;
}
