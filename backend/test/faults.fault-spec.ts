import { benchLines, runBenchScript } from './support/bench-script';

interface FaultsSummary {
  operations: number;
  sends: number;
  finishes: number;
  faults: {
    workerKills: number;
    redisRestarts: number;
    databaseRestarts: number;
    catcherStops: number;
    crmStops: number;
  };
  mails: number;
  crmMoves: number;
  /** The HubSpot stand-in: what it holds, how it got there, what the admins see failed. */
  crm: {
    downSeconds: number;
    finishesWhileDown: number;
    files: number;
    notes: number;
    stageMoves: number;
    fileCreates: number;
    noteCreates: number;
    failedListed: number;
    drainSeconds: number | null;
  };
  lost: number;
  duplicated: number;
  problems: string[];
}

/**
 * Nothing accepted is ever lost, the short version of bench/faults: the
 * real api, worker, mail catcher, embedded MongoDB and redis-server as processes of
 * their own, HubSpot played by a stand-in; 6 sends and 6 finishes while the worker is
 * SIGKILLed, redis-server and the database restarted, the mail catcher stopped and the
 * CRM down. Whatever the timing, nothing may be lost or duplicated: once the
 * CRM is back, each signed contract has there its sealed PDF once and one note per event. `npm test` runs it on its own after the other suites
 * (`jest --selectProjects faults`), so the machine's load does not decide its timing.
 */
describe('fault injection', () => {
  it('loses and duplicates nothing while processes are killed and restarted', async () => {
    const { summary, output } = await runBenchScript<FaultsSummary>(
      'bench/faults/run.mjs',
      ['--short', '--json'],
      'faultsSummary',
    );
    // The counts in the test output (operations, faults injected, lost, duplicated).
    console.log(benchLines(output, 'faults'));
    expect(summary).not.toBeNull();
    expect(summary).toMatchObject({
      operations: 12,
      sends: 6,
      finishes: 6,
      faults: { redisRestarts: 1, databaseRestarts: 1, catcherStops: 1, crmStops: 1 },
      problems: [],
      lost: 0,
      duplicated: 0,
    });
    expect(summary!.faults.workerKills).toBeGreaterThanOrEqual(1);
    // Three mails a contract (link, cc copy, signed copy), each caught once.
    expect(summary!.mails).toBeGreaterThanOrEqual(18);
    expect(summary!.crmMoves).toBe(12);
    // At least half the signers finished while the CRM was down; once back, its record of each
    // contract is whole and single: the sealed PDF, a note for sent, viewed and signed.
    expect(summary!.crm.finishesWhileDown).toBeGreaterThanOrEqual(3);
    expect(summary!.crm).toMatchObject({
      files: 6,
      fileCreates: 6,
      notes: 18,
      noteCreates: 18,
      failedListed: 0,
    });
  }, 360_000);
});
