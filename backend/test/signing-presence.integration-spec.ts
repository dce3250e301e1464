import type { INestApplication } from '@nestjs/common';
import {
  ServerEvent,
  type ClientToServerEvents,
  type AgreementChangedEvent,
  type ServerToClientEvents,
  type SignerPresenceEvent,
} from '@prosign/domain';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { io, type Socket } from 'socket.io-client';
import { AgreementLink } from '../src/modules/agreements/agreement.schema';
import { agreementModel } from './support/agreements';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { signIn, staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Signer presence (spec 1 §4.2) and contract changes reach staff sockets only. */
describe('signing presence and the staff room', () => {
  // The signing app on an origin of its own, outside CORS_ORIGINS, as in production.
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let url: string;
  let http: StaffHttp;
  let contracts: ReturnType<typeof agreementModel>;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api, url } = await startApi(env.config));
    http = await staffHttp(api, 'csm@prosign.example');
    contracts = agreementModel(api);
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  function connect(options: {
    cookie?: string;
    query?: Record<string, string>;
    origin?: string;
    transport?: 'websocket' | 'polling';
  }): ClientSocket {
    const socket: ClientSocket = io(url, {
      path: '/socket.io',
      transports: [options.transport ?? 'websocket'],
      extraHeaders: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.origin ? { origin: options.origin } : {}),
      },
      query: options.query,
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  }

  async function connected(socket: ClientSocket): Promise<void> {
    if (socket.connected) return;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // Joining the room happens in the server's connection handler: let it finish.
    await socket.timeout(5000).emitWithAck('ping');
  }

  function collect(socket: ClientSocket) {
    const presence: SignerPresenceEvent[] = [];
    const changes: AgreementChangedEvent[] = [];
    socket.on(ServerEvent.SignerPresence, (event) => presence.push(event));
    socket.on(ServerEvent.AgreementChanged, (event) => changes.push(event));
    return { presence, changes };
  }

  it('pushes presence and status changes to signed-in staff sockets, not to anonymous or signer sockets', async () => {
    const { token, docLink } = await sendContract(http);
    const contractId = String((await contracts.findOne({ token }).lean())?._id);
    const staff = connect({ cookie: await signIn(api, 'csm@prosign.example') });
    const anonymous = connect({});
    const forged = connect({ cookie: 'prosign_sid=not-a-real-session' });
    const signer = connect({ query: { token, docLink } });
    await Promise.all([staff, anonymous, forged, signer].map(connected));
    const staffHeard = collect(staff);
    const anonymousHeard = collect(anonymous);
    const forgedHeard = collect(forged);
    const signerHeard = collect(signer);

    signer.emit('user-active', { token });
    const [active] = await waitFor(
      async () => staffHeard.presence,
      (events) => events.length >= 1,
    );
    expect(active).toEqual({
      family: 'standard',
      id: contractId,
      active: true,
      at: expect.any(String),
    });
    expect((await contracts.findOne({ token }).lean())?.presence).toMatchObject({ active: true });

    // A repeated report of the same state within 15 s is not written or pushed again.
    signer.emit('user-active', { token });
    // Reporting another contract than the handshake named is ignored.
    const other = await sendContract(http);
    signer.emit('user-active', { token: other.token });

    // A status change (first view) reaches staff too.
    await signerHttp(api).post('/api/verifyToken').send({ token }).expect(200);
    await waitFor(
      async () => staffHeard.changes,
      (events) => events.some((event) => event.id === contractId && event.status === 'viewed'),
    );

    signer.emit('user-inactive', { token });
    await waitFor(
      async () => staffHeard.presence,
      (events) => events.length >= 2,
    );
    expect(staffHeard.presence.map((event) => [event.id, event.active])).toEqual([
      [contractId, true],
      [contractId, false],
    ]);
    expect((await contracts.findOne({ token: other.token }).lean())?.presence).toBeNull();

    // Leaving the page after being active counts as inactive.
    signer.emit('user-active', { token });
    await waitFor(
      async () => staffHeard.presence,
      (events) => events.length >= 3,
    );
    signer.disconnect();
    const all = await waitFor(
      async () => staffHeard.presence,
      (events) => events.length >= 4,
    );
    expect(all[3]).toMatchObject({ id: contractId, active: false });
    // Staff screens never receive a signing token: events name the contract's id.
    expect(JSON.stringify(staffHeard)).not.toContain(token);

    for (const heard of [anonymousHeard, forgedHeard, signerHeard]) {
      expect(heard.presence).toEqual([]);
      expect(heard.changes).toEqual([]);
    }
  });

  it('lets signer sockets in from the signing app only, over WebSocket and long-polling alike', async () => {
    const { token } = await sendContract(http);
    const cookie = await signIn(api, 'admin@prosign.example');
    for (const transport of ['websocket', 'polling'] as const) {
      // A page on another site, even in a browser holding a staff session.
      const foreign = connect({
        query: { token },
        cookie,
        origin: 'http://evil.example',
        transport,
      });
      await expect(connected(foreign)).rejects.toThrow();
    }
    const staff = connect({ cookie });
    const signer = connect({ query: { token }, origin: PUBLIC_SIGNING_URL, transport: 'polling' });
    await Promise.all([staff, signer].map(connected));
    const staffHeard = collect(staff);
    signer.emit('user-active', { token });
    const [active] = await waitFor(
      async () => staffHeard.presence,
      (events) => events.length >= 1,
    );
    expect(active).toMatchObject({ active: true });
  });

  it('ignores presence reports from a socket whose handshake names no sent contract', async () => {
    const { token } = await sendContract(http);
    const staff = connect({ cookie: await signIn(api, 'admin@prosign.example') });
    const stranger = connect({ query: { token: 'no-such-token' } });
    await Promise.all([staff, stranger].map(connected));
    const staffHeard = collect(staff);

    stranger.emit('user-active', { token: 'no-such-token' });
    stranger.emit('user-active', { token });
    // A round trip later nothing has been recorded or pushed.
    await stranger.timeout(5000).emitWithAck('ping');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(staffHeard.presence).toEqual([]);
    expect((await contracts.findOne({ token }).lean())?.presence).toBeNull();
  });

  it('lets a signer socket in on its published link alone, and checks the record of a link sent before the mark', async () => {
    const links = api.get<Model<AgreementLink>>(getModelToken(AgreementLink.name));
    const { token } = await sendContract(http);
    const contractId = String((await contracts.findOne({ token }).lean())?._id);
    // The send marked its signing link once the record was published.
    expect((await links.findById(token).lean())?.publishedAt).toBeInstanceOf(Date);

    // A link written before the mark existed: the record's status lets the socket in, and marks it.
    await links.updateOne({ _id: token }, { $unset: { publishedAt: 1 } });
    const staff = connect({ cookie: await signIn(api, 'admin@prosign.example') });
    const signer = connect({ query: { token } });
    await Promise.all([staff, signer].map(connected));
    const staffHeard = collect(staff);
    signer.emit('user-active', { token });
    const [active] = await waitFor(
      async () => staffHeard.presence,
      (events) => events.length >= 1,
    );
    expect(active).toMatchObject({ id: contractId, active: true });
    expect((await links.findById(token).lean())?.publishedAt).toBeInstanceOf(Date);
  });

  it('lets no presence in for a link whose contract is not published yet', async () => {
    const links = api.get<Model<AgreementLink>>(getModelToken(AgreementLink.name));
    const { token } = await sendContract(http);
    // The state a send is in between writing its signing link and publishing the record.
    await links.updateOne({ _id: token }, { $unset: { publishedAt: 1 } });
    await contracts.updateOne({ token }, { $set: { status: null } });
    const staff = connect({ cookie: await signIn(api, 'admin@prosign.example') });
    const signer = connect({ query: { token } });
    await Promise.all([staff, signer].map(connected));
    const staffHeard = collect(staff);

    signer.emit('user-active', { token });
    await signer.timeout(5000).emitWithAck('ping');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(staffHeard.presence).toEqual([]);
    expect((await links.findById(token).lean())?.publishedAt).toBeUndefined();
  });
});
