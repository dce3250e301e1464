import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface FaultsSummary {
  operations: number;
  sends: number;
  finishes: number;
  faults: {
    workerKills: number;
    redisRestarts: number;
    databaseRestarts: number;
    catcherStops: number;
  };
  mails: number;
  crmMoves: number;
  lost: number;
  duplicated: number;
  problems: string[];
}

/** Runs bench/faults/run.mjs with `args`; resolves with its summary and its output. */
function runFaults(args: string[]): Promise<{ summary: FaultsSummary | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    // The processes run as `npm start` runs them, not as Jest's test environment.
    delete env.NODE_ENV;
    const child = spawn(process.execPath, ['bench/faults/run.mjs', ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      const line = output.split('\n').find((l) => l.startsWith('{"faultsSummary"'));
      resolve({
        summary: line ? (JSON.parse(line) as { faultsSummary: FaultsSummary }).faultsSummary : null,
        output,
      });
    });
  });
}

/**
 * Nothing accepted is ever lost (issue 21), the short version of bench/faults: the
 * real api, worker, mail catcher, embedded MongoDB and redis-server as processes of
 * their own; 6 sends and 6 finishes while the worker is SIGKILLed, redis-server and
 * the database restarted and the mail catcher stopped. Whatever the timing, nothing
 * may be lost or duplicated. `npm test` runs it on its own after the other suites
 * (`jest --selectProjects faults`), so the machine's load does not decide its timing.
 */
describe('fault injection', () => {
  it('loses and duplicates nothing while processes are killed and restarted', async () => {
    const { summary, output } = await runFaults(['--short', '--json']);
    // The counts in the test output (operations, faults injected, lost, duplicated).
    console.log(
      output
        .split('\n')
        .filter((l) => l.startsWith('[faults]'))
        .join('\n'),
    );
    expect(summary).not.toBeNull();
    expect(summary).toMatchObject({
      operations: 12,
      sends: 6,
      finishes: 6,
      faults: { redisRestarts: 1, databaseRestarts: 1, catcherStops: 1 },
      problems: [],
      lost: 0,
      duplicated: 0,
    });
    expect(summary!.faults.workerKills).toBeGreaterThanOrEqual(1);
    // Three mails a contract (link, cc copy, signed copy), each caught once.
    expect(summary!.mails).toBeGreaterThanOrEqual(18);
    expect(summary!.crmMoves).toBe(12);
  }, 360_000);
});
