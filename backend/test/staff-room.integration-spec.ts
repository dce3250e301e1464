import type { INestApplication } from '@nestjs/common';
import { createAccessFlags } from '@prosign/domain';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { AccessService } from '../src/modules/access/access.service';
import { RealtimePublisher } from '../src/platform/realtime/realtime-publisher';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
} from '../src/platform/realtime/realtime-events';
import { asStaff, SHELL_ORIGIN, signIn, TEST_ADMIN } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

type StaffSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A site that is not one of ProSign's frontends. */
const FOREIGN_ORIGIN = 'http://evil.example';

/**
 * Who hears the staff room (contract changes, signer presence) and for how
 * long: only sessions with the Dashboard flag, and only while the session
 * lives and keeps the flag — on this api process and on another one.
 */
describe('staff room membership', () => {
  const env = createTestEnv(__filename);
  let app: INestApplication;
  let url: string;
  let other: INestApplication;
  let otherUrl: string;
  const sockets: StaffSocket[] = [];

  beforeAll(async () => {
    ({ app, url } = await startApi(env.config));
    // A second api process on the same Redis and database (a replica behind the load balancer).
    ({ app: other, url: otherUrl } = await startApi(env.config));
    const access = app.get(AccessService);
    await access.ensureUser('csm@prosign.example', ['csm'], dashboardUser());
    await access.ensureUser('pm@prosign.example', ['pm'], sowOnlyUser());
    await access.ensureUser('noflags@prosign.example', ['csm'], createAccessFlags({}));
    await access.ensureUser(
      'insights-admin@prosign.example',
      ['admin'],
      createAccessFlags({ insightsAccess: true }),
    );
    await access.ensureUser(
      'insights-only@prosign.example',
      ['csm'],
      createAccessFlags({ insightsAccess: true }),
    );
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  afterAll(async () => {
    await other?.close();
    await app?.close();
    await env.cleanup();
  });

  function dashboardUser() {
    return createAccessFlags({ homeAccess: true, dashboardAccess: true });
  }
  function sowOnlyUser() {
    return createAccessFlags({ homeAccess: true, sowAccess: true, sowDashboardAccess: true });
  }

  /** A browser tab of the signed-in person, connected (and admitted or not) once this resolves. */
  async function connect(
    cookie: string,
    to = url,
    { origin, transport = 'websocket' }: { origin?: string; transport?: Transport } = {},
  ): Promise<StaffSocket> {
    const socket = open(cookie, to, { origin, transport });
    // The ping is answered after the connection handler (room admission) has run.
    await socket.timeout(5000).emitWithAck('ping');
    return socket;
  }

  type Transport = 'websocket' | 'polling';

  function open(
    cookie: string,
    to: string,
    { origin, transport }: { origin?: string; transport: Transport },
  ): StaffSocket {
    const socket: StaffSocket = io(to, {
      path: '/socket.io',
      transports: [transport],
      extraHeaders: { cookie, ...(origin ? { origin } : {}) },
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  }

  /** Whether the handshake of a socket from `origin` connects or is refused. */
  function handshake(
    cookie: string,
    origin: string,
    transport: Transport,
  ): Promise<'connected' | 'refused'> {
    const socket = open(cookie, url, { origin, transport });
    return new Promise((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    });
  }

  /**
   * Publishes one standard contract's change and lists which of the sockets heard it: waits
   * (up to 15 s) until every socket `expected` to hear it has, then a while longer for any other.
   */
  function heard(listeners: StaffSocket[], expected: boolean[]): Promise<boolean[]> {
    return heardChange('standard', listeners, expected);
  }

  /** Publishes one change of an agreement of `family` and lists which of the sockets heard it. */
  async function heardChange(
    family: 'standard' | 'sow',
    listeners: StaffSocket[],
    expected: boolean[],
  ): Promise<boolean[]> {
    const marker = `marker-${Math.random().toString(36).slice(2)}`;
    const got = listeners.map(() => false);
    const stops = listeners.map((socket, index) => {
      const handler = (event: unknown) => {
        if (JSON.stringify(event).includes(marker)) got[index] = true;
      };
      socket.on('contract-changed', handler);
      return () => socket.off('contract-changed', handler);
    });
    const publisher = app.get(RealtimePublisher);
    // The payload's shape is the realtime contract's business; the marker is all this test reads.
    publisher.agreementChanged({
      family,
      token: marker,
      id: marker,
      status: 'viewed',
    } as unknown as Parameters<RealtimePublisher['agreementChanged']>[0]);
    // Room membership is settled before (connect waits for it). A fixed wait was not enough on
    // a loaded machine: the sockets that should hear are waited for, however long it takes.
    // Past the deadline the assertion on what was heard names the socket that missed it.
    await waitFor(
      async () => got,
      (heardNow) => expected.every((want, i) => !want || heardNow[i]),
      { timeoutMs: 15_000, intervalMs: 25 },
    ).catch(() => undefined);
    // A socket that should not hear would have by now, as the others did; 1 s more to be sure.
    if (expected.some((want) => !want)) await new Promise((resolve) => setTimeout(resolve, 1000));
    stops.forEach((stop) => stop());
    return got;
  }

  function disconnected(socket: StaffSocket, timeoutMs = 5000): Promise<string> {
    if (!socket.connected) return Promise.resolve('already');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket still connected')), timeoutMs);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  it('admits only sessions with the Dashboard flag', async () => {
    const admin = await connect(await signIn(app, TEST_ADMIN));
    const csm = await connect(await signIn(app, 'csm@prosign.example'));
    const pm = await connect(await signIn(app, 'pm@prosign.example'));
    const noFlags = await connect(await signIn(app, 'noflags@prosign.example'));
    const anonymous = await connect('');

    const expected = [true, true, false, false, false];
    expect(await heard([admin, csm, pm, noFlags, anonymous], expected)).toEqual(expected);
  });

  it('admits an administrator without dashboard flags to every family’s room (Insights counts them all, live)', async () => {
    const insightsAdmin = await connect(await signIn(app, 'insights-admin@prosign.example'));
    // Insights alone shows a non-administrator no family: nothing to hear.
    const insightsOnly = await connect(await signIn(app, 'insights-only@prosign.example'));
    expect(await heard([insightsAdmin, insightsOnly], [true, false])).toEqual([true, false]);
    expect(await heardChange('sow', [insightsAdmin, insightsOnly], [true, false])).toEqual([
      true,
      false,
    ]);
  });

  it('refuses a socket from another site, over WebSocket and long-polling, staff cookie or not', async () => {
    const cookie = await signIn(app, 'csm@prosign.example');
    for (const transport of ['websocket', 'polling'] as const) {
      expect(await handshake(cookie, FOREIGN_ORIGIN, transport)).toBe('refused');
      expect(await handshake('', FOREIGN_ORIGIN, transport)).toBe('refused');
      expect(await handshake(cookie, 'null', transport)).toBe('refused');
    }
    // The same cookie from the shell is admitted to the staff room, on either transport.
    const fromShell = await Promise.all(
      (['websocket', 'polling'] as const).map((transport) =>
        connect(cookie, url, { origin: SHELL_ORIGIN, transport }),
      ),
    );
    expect(await heard(fromShell, [true, true])).toEqual([true, true]);
  });

  it('sends SOW changes to the SOW dashboard’s room only', async () => {
    const admin = await connect(await signIn(app, TEST_ADMIN));
    const csm = await connect(await signIn(app, 'csm@prosign.example'));
    const pm = await connect(await signIn(app, 'pm@prosign.example'));
    expect(await heardChange('sow', [admin, csm, pm], [true, false, true])).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('drops the socket when its session signs out', async () => {
    const cookie = await signIn(app, 'csm@prosign.example');
    const socket = await connect(cookie);
    const gone = disconnected(socket);
    await asStaff(app, cookie).post('/api/auth/logout').expect(200);
    expect(await gone).toBe('io server disconnect');
    // Another session of the same person is not affected.
    const still = await connect(await signIn(app, 'csm@prosign.example'));
    expect(await heard([still], [true])).toEqual([true]);
  });

  it('drops the socket held by another api process when the session signs out on this one', async () => {
    const cookie = await signIn(app, 'csm@prosign.example');
    const socket = await connect(cookie, otherUrl);
    expect(await heard([socket], [true])).toEqual([true]);
    const gone = disconnected(socket);
    await asStaff(app, cookie).post('/api/auth/logout').expect(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('drops the socket when the user loses the Dashboard flag, on every process', async () => {
    const access = app.get(AccessService);
    await access.ensureUser('flagged@prosign.example', ['csm'], dashboardUser());
    const cookie = await signIn(app, 'flagged@prosign.example');
    const here = await connect(cookie);
    const there = await connect(cookie, otherUrl);
    expect(await heard([here, there], [true, true])).toEqual([true, true]);

    const goneHere = disconnected(here);
    const goneThere = disconnected(there);
    const admin = await signIn(app, TEST_ADMIN);
    await asStaff(app, admin)
      .post('/api/access/toggle-access')
      .send({ email: 'flagged@prosign.example', accessField: 'dashboardAccess' })
      .expect(200);
    expect(await goneHere).toBe('io server disconnect');
    expect(await goneThere).toBe('io server disconnect');
    // A flag that admits no room changes nothing for a member.
    const csm = await connect(await signIn(app, 'csm@prosign.example'));
    await asStaff(app, admin)
      .post('/api/access/toggle-access')
      .send({ email: 'csm@prosign.example', accessField: 'servicesAccess' })
      .expect(200);
    expect(await heard([csm], [true])).toEqual([true]);
  });

  it('drops the socket when its user is deleted', async () => {
    const access = app.get(AccessService);
    await access.ensureUser('leaving@prosign.example', ['csm'], dashboardUser());
    const socket = await connect(await signIn(app, 'leaving@prosign.example'), otherUrl);
    const gone = disconnected(socket);
    await asStaff(app, await signIn(app, TEST_ADMIN))
      .delete('/api/access/user')
      .send({ email: 'leaving@prosign.example' })
      .expect(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('drops the socket when its session expires', async () => {
    const cookie = await signIn(app, 'csm@prosign.example');
    const sessionId = cookie.split('=')[1];
    // The session's absolute expiry, brought forward to a moment from now.
    const redis = new Redis(env.config.REDIS_URL);
    try {
      const key = `${env.prefix}:session:${sessionId}`;
      const record = JSON.parse((await redis.get(key)) ?? '{}') as Record<string, unknown>;
      await redis.set(
        key,
        // Long enough for the socket to connect and hear an event on a loaded machine first.
        JSON.stringify({ ...record, expiresAt: new Date(Date.now() + 6000).toISOString() }),
        'PX',
        6000,
      );
    } finally {
      await redis.quit();
    }
    const socket = await connect(cookie);
    expect(await heard([socket], [true])).toEqual([true]);
    expect(await disconnected(socket, 15_000)).toBe('io server disconnect');
  });
});
