import type { Connection } from 'mongoose';
import type { AppConfig } from '../../platform/config/app-config';
import { DatabaseProbe, DOWN_AFTER_SILENCE_MS } from './dependency-gate.middleware';

/**
 * A probe whose pings through the app's pool answer as `ping` says and on its own connection
 * as `direct` does (the same by default), the app's driver seeing one server as `type`.
 */
function probeWith(
  ping: () => Promise<unknown>,
  type = () => 'Standalone',
  direct: () => Promise<unknown> = ping,
): DatabaseProbe {
  const server = {
    get description() {
      return { type: type() };
    },
  };
  const servers = new Map([['127.0.0.1:27017', server]]);
  const connection = {
    getClient: () => ({ topology: { s: { servers } } }),
  } as unknown as Connection;
  return new (class extends DatabaseProbe {
    protected override async pingThroughPool(): Promise<void> {
      await ping();
    }

    protected override async pingDirectly(): Promise<void> {
      await direct();
    }
  })(connection, { MONGODB_URI: 'mongodb://127.0.0.1:27017/x' } as AppConfig);
}

/** One probe, the clock run on past its timeout. */
async function probeOnce(probe: DatabaseProbe): Promise<boolean> {
  const answer = probe.probe();
  await jest.advanceTimersByTimeAsync(4000);
  return answer;
}

describe('the database probe behind the 503 gate', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps the gate open while pings are only slow, and closes it after a long silence', async () => {
    const probe = probeWith(() => new Promise(() => undefined));
    // A busy database (or api) answers late: requests still go through.
    expect(await probeOnce(probe)).toBe(true);
    expect(await probeOnce(probe)).toBe(true);
    // Nothing answered for longer than the silence allows: down.
    await jest.advanceTimersByTimeAsync(DOWN_AFTER_SILENCE_MS - 8000);
    expect(await probeOnce(probe)).toBe(false);
  });

  it('keeps the gate open when only the pool is busy: the database answers on its own connection', async () => {
    const probe = probeWith(
      () => new Promise(() => undefined),
      () => 'Standalone',
      async () => ({ ok: 1 }),
    );
    for (let waited = 0; waited < 2 * DOWN_AFTER_SILENCE_MS; waited += 4000) {
      expect(await probeOnce(probe)).toBe(true);
    }
  });

  it('closes the gate at once when the driver says the database is unreachable', async () => {
    const probe = probeWith(async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { name: 'MongoNetworkError' });
    });
    expect(await probeOnce(probe)).toBe(false);
  });

  it('closes the gate at once when a slow ping meets a server the driver has lost', async () => {
    let type = 'Standalone';
    const probe = probeWith(
      () => new Promise(() => undefined),
      () => type,
    );
    expect(await probeOnce(probe)).toBe(true);
    type = 'Unknown';
    expect(await probeOnce(probe)).toBe(false);
  });

  it('opens the gate again with the first answer', async () => {
    let answers = false;
    const probe = probeWith(async () => {
      if (!answers) throw new Error('not connected');
      return { ok: 1 };
    });
    expect(await probeOnce(probe)).toBe(false);
    answers = true;
    expect(await probeOnce(probe)).toBe(true);
  });
});
