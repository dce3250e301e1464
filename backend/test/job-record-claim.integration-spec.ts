import { createConnection, type Connection } from 'mongoose';
import {
  CrmStageMoveRepository,
  type CrmStageMoveDoc,
} from '../src/modules/crm/crm-stage-move.repository';
import { createTestEnv, type TestEnv } from './support/test-env';

/**
 * A job's try starts in one write (`claimAttempt`): the record comes back as the try begins,
 * and a record already done is neither counted nor changed, so a job run again after its
 * record finished does nothing.
 */
describe('a job record claimed for a try', () => {
  let env: TestEnv;
  let connection: Connection;
  let moves: CrmStageMoveRepository;

  beforeAll(async () => {
    env = createTestEnv(__filename);
    connection = await createConnection(env.config.MONGODB_URI).asPromise();
    moves = new CrmStageMoveRepository(connection);
  });

  afterAll(async () => {
    await connection.close();
    await env.cleanup();
  });

  const move = (id: string, status: CrmStageMoveDoc['status']): CrmStageMoveDoc => {
    const at = new Date('2026-11-01T10:00:00Z');
    return {
      _id: id,
      dealId: 'deal-1',
      milestone: 'signed',
      link: null,
      status,
      attempts: 2,
      requeues: 0,
      lastError: 'CRM unavailable',
      dealstage: null,
      createdAt: at,
      updatedAt: at,
      movedAt: null,
    };
  };

  it('returns the record with the try counted and its fields set, in one write', async () => {
    await moves.insertIfAbsent(move('standard-signed.a1', 'retrying'));
    const claimed = await moves.claimAttempt('standard-signed.a1', 'moved', {
      lastError: null,
    });
    expect(claimed).toMatchObject({ _id: 'standard-signed.a1', attempts: 3, lastError: null });
    expect(claimed?.updatedAt.getTime()).toBeGreaterThan(Date.parse('2026-11-01T10:00:00Z'));
    expect(await moves.findById('standard-signed.a1')).toMatchObject({ attempts: 3 });
  });

  it('leaves a record already done as it is, and says so with null', async () => {
    await moves.insertIfAbsent(move('standard-signed.a2', 'moved'));
    expect(await moves.claimAttempt('standard-signed.a2', 'moved')).toBeNull();
    expect(await moves.findById('standard-signed.a2')).toMatchObject({
      status: 'moved',
      attempts: 2,
      updatedAt: new Date('2026-11-01T10:00:00Z'),
    });
  });

  it('claims nothing for an id without a record', async () => {
    expect(await moves.claimAttempt('standard-signed.none', 'moved')).toBeNull();
    expect(await moves.exists('standard-signed.none')).toBe(false);
  });
});
