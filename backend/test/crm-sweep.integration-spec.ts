import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { CrmMoveSweeper } from '../src/modules/crm/crm-move-sweeper';
import { crmStageMoves } from '../src/modules/crm/crm-stage-move.repository';
import { CrmStageMoves } from '../src/modules/crm/crm-stage-moves';
import { seedBaseData } from './support/seed';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

/**
 * A CRM move whose job was lost (Redis) is moved anyway: the worker's sweep
 * queues it again, once, and the deal moves.
 */
describe('CRM move sweep', () => {
  let env: TestEnv;
  let api: INestApplication;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    env = createTestEnv(__filename, { MAIL_SWEEP_EVERY_MS: '600000' });
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env?.cleanup();
  });

  it('queues a move whose job is gone again, and the deal moves once', async () => {
    const connection = api.get<Connection>(getConnectionToken());
    const moves = crmStageMoves(connection);
    const stageMoves = api.get(CrmStageMoves);
    // Recorded, but its job never reached Redis (lost with it).
    const add = jest.spyOn(
      (stageMoves as unknown as { queue: { add: () => Promise<unknown> } }).queue,
      'add',
    );
    add.mockRejectedValueOnce(new Error('Redis is down'));
    // Recorded is enough: the request succeeds, the sweep queues it later.
    await expect(
      stageMoves.request({ key: 'standard-sent.swept', dealId: '40000014', milestone: 'sent' }),
    ).resolves.toMatchObject({ status: 'queued' });
    add.mockRestore();
    await moves.updateOne(
      { _id: 'standard-sent.swept' },
      { $set: { updatedAt: new Date(Date.now() - 3600_000) } },
    );

    worker = await startWorker(env.config);
    const sweeper = worker.get(CrmMoveSweeper);
    await sweeper.sweep();
    const moved = await waitFor(
      () => moves.findOne({ _id: 'standard-sent.swept' }),
      (move) => move?.status === 'moved',
    );
    expect(moved).toMatchObject({ attempts: 1, dealstage: 'contractsent' });
    expect((await sweeper.sweep()).requeued).toBe(0);
  });
});
