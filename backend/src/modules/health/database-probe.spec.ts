import type { Connection } from 'mongoose';
import { DatabaseProbe, DOWN_AFTER_SILENCE_MS } from './dependency-gate.middleware';

/** A connection whose ping answers as `ping` says, with one server the driver sees as `type`. */
function connectionWith(ping: () => Promise<unknown>, type = () => 'Standalone') {
  const servers = new Map([
    [
      '127.0.0.1:27017',
      {
        get description() {
          return { type: type() };
        },
      },
    ],
  ]);
  return {
    db: { command: jest.fn(ping) },
    getClient: () => ({ topology: { s: { servers } } }),
  } as unknown as Connection;
}

/** One probe, the clock run on past its timeout. */
async function probeOnce(probe: DatabaseProbe): Promise<boolean> {
  const answer = probe.probe();
  await jest.advanceTimersByTimeAsync(2000);
  return answer;
}

describe('the database probe behind the 503 gate', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps the gate open while pings are only slow, and closes it after a long silence', async () => {
    const probe = new DatabaseProbe(connectionWith(() => new Promise(() => undefined)));
    // A busy database (or api) answers late: requests still go through.
    expect(await probeOnce(probe)).toBe(true);
    for (let waited = 2000; waited < DOWN_AFTER_SILENCE_MS - 2000; waited += 2000) {
      expect(await probeOnce(probe)).toBe(true);
    }
    // Nothing answered for longer than the silence allows: down.
    await jest.advanceTimersByTimeAsync(2000);
    expect(await probeOnce(probe)).toBe(false);
  });

  it('closes the gate at once when the driver says the database is unreachable', async () => {
    const probe = new DatabaseProbe(
      connectionWith(async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { name: 'MongoNetworkError' });
      }),
    );
    expect(await probeOnce(probe)).toBe(false);
  });

  it('closes the gate at once when a slow ping meets a server the driver has lost', async () => {
    let type = 'Standalone';
    const probe = new DatabaseProbe(
      connectionWith(
        () => new Promise(() => undefined),
        () => type,
      ),
    );
    expect(await probeOnce(probe)).toBe(true);
    type = 'Unknown';
    expect(await probeOnce(probe)).toBe(false);
  });

  it('opens the gate again with the first answer', async () => {
    let answers = false;
    const probe = new DatabaseProbe(
      connectionWith(async () => {
        if (!answers) throw new Error('not connected');
        return { ok: 1 };
      }),
    );
    expect(await probeOnce(probe)).toBe(false);
    answers = true;
    expect(await probeOnce(probe)).toBe(true);
  });
});
