import { Types } from 'mongoose';
import type { Socket } from 'socket.io';
import { LINK_CHECK_CONCURRENCY, SigningPresenceGateway } from './signing-presence.gateway';
import type { PresenceAgreement, SigningPresenceService } from './signing-presence.service';

const SENT: PresenceAgreement = { _id: new Types.ObjectId(), family: 'standard' };

/** A presence service whose checks and writes the test settles by hand. */
function fakePresence(known: Record<string, PresenceAgreement>) {
  const writes: Array<{ active: boolean; done: () => void }> = [];
  const checks: Array<() => void> = [];
  let checking = 0;
  let mostChecking = 0;
  const service = {
    agreementOfToken: async (token: string) => {
      checking += 1;
      mostChecking = Math.max(mostChecking, checking);
      await new Promise<void>((resolve) => checks.push(resolve));
      checking -= 1;
      return known[token] ?? null;
    },
    record: (_agreement: PresenceAgreement, active: boolean) =>
      new Promise<boolean>((resolve) => writes.push({ active, done: () => resolve(true) })),
  };
  return {
    service: service as unknown as SigningPresenceService,
    writes,
    /** Answers every check asked so far. */
    answerChecks: () => checks.splice(0).forEach((answer) => answer()),
    mostChecking: () => mostChecking,
  };
}

function signerSocket(token: string): Socket {
  return { handshake: { query: { token } }, data: {} } as unknown as Socket;
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

/** The socket's queued reports, settled once every report so far is written. */
const reportsOf = (socket: Socket) => (socket.data as { reports?: Promise<void> }).reports;

/** A gateway with one socket per token, connected and its link checked. */
async function connectedSockets(known: Record<string, PresenceAgreement>, ...tokens: string[]) {
  const fake = fakePresence(known);
  const gateway = new SigningPresenceGateway(fake.service);
  const sockets = tokens.map(signerSocket);
  const connections = sockets.map((socket) => gateway.handleConnection(socket));
  fake.answerChecks();
  await Promise.all(connections);
  return { fake, gateway, sockets };
}

/** Lets the queued writes land one at a time, each started only once the one before was done. */
async function expectWrittenInOrder(fake: ReturnType<typeof fakePresence>, states: boolean[]) {
  for (let n = 0; n < states.length; n += 1) {
    await settled();
    expect(fake.writes.map((write) => write.active)).toEqual(states.slice(0, n + 1));
    fake.writes[n].done();
  }
}

describe('SigningPresenceGateway', () => {
  it('writes one socket’s reports one after another, in the order they were said', async () => {
    const {
      fake,
      gateway,
      sockets: [socket],
    } = await connectedSockets({ tok: SENT }, 'tok');
    // Answered at once; the writes wait in the socket's queue.
    expect(gateway.userActive(socket, { token: 'tok' })).toBeUndefined();
    gateway.userInactive(socket, { token: 'tok' });
    // The second report waits for the first write: they cannot land out of order.
    await expectWrittenInOrder(fake, [true, false]);
    await reportsOf(socket);
  });

  it('writes inactive when an active signer leaves, and nothing for one who never reported', async () => {
    const {
      fake,
      gateway,
      sockets: [reporting, silent],
    } = await connectedSockets({ a: SENT, b: SENT }, 'a', 'b');
    gateway.userActive(reporting, { token: 'a' });
    // Leaving before the active report is written still ends inactive, in that order.
    gateway.handleDisconnect(reporting);
    gateway.handleDisconnect(silent);
    await expectWrittenInOrder(fake, [true, false]);
    await reportsOf(reporting);
    expect(reportsOf(silent)).toBeUndefined();
  });

  it('writes nothing for a token that names no sent contract, or for another socket’s token', async () => {
    const {
      fake,
      gateway,
      sockets: [stranger, signer],
    } = await connectedSockets({ mine: SENT, theirs: SENT }, 'unknown', 'mine');
    gateway.userActive(stranger, { token: 'unknown' });
    gateway.userActive(signer, { token: 'theirs' });
    gateway.handleDisconnect(stranger);
    await reportsOf(stranger);
    await settled();
    expect(fake.writes).toEqual([]);
  });

  it('waits for the handshake’s check before a report, and checks at most a bounded number at once', async () => {
    const fake = fakePresence({ tok: SENT });
    const gateway = new SigningPresenceGateway(fake.service);
    const sockets = Array.from({ length: LINK_CHECK_CONCURRENCY * 3 }, () => signerSocket('tok'));
    const connections = sockets.map((socket) => gateway.handleConnection(socket));
    gateway.userActive(sockets[0], { token: 'tok' });
    await settled();
    expect(fake.writes).toEqual([]);
    let allConnected = false;
    void Promise.all(connections).then(() => (allConnected = true));
    while (!allConnected) {
      fake.answerChecks();
      await settled();
    }
    expect(fake.writes.map((write) => write.active)).toEqual([true]);
    expect(fake.mostChecking()).toBe(LINK_CHECK_CONCURRENCY);
    fake.writes[0].done();
    await reportsOf(sockets[0]);
  });
});
