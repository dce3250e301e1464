import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import { contractSearchText, type ContractStatus } from '@prosign/domain';
import type { Queue } from 'bullmq';
import type { Connection, Model } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { CONTRACT_SCHEDULES_QUEUE } from '../src/modules/contracts/contract-schedules.processor';
import { ContractSchedulesService } from '../src/modules/contracts/contract-schedules.service';
import { Contract } from '../src/modules/contracts/contract.schema';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const DAY = 24 * 3600_000;

/** The worker's schedules (spec 2 §4): expiry of unsigned contracts and automatic reminders. */
describe('contract schedules in the worker', () => {
  const env = createTestEnv(__filename, {
    CONTRACT_EXPIRY_DAYS: '30',
    AUTO_REMINDER_INTERVAL_DAYS: '3',
    REMINDER_LOCK_HOURS: '24',
  });
  let worker: INestApplicationContext;
  let schedules: ContractSchedulesService;
  let contracts: Model<Contract>;
  let connection: Connection;

  beforeAll(async () => {
    worker = await startWorker(env.config);
    schedules = worker.get(ContractSchedulesService, { strict: false });
    contracts = worker.get(getModelToken(Contract.name), { strict: false });
    connection = worker.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await env.cleanup();
  });

  async function contract(
    status: ContractStatus,
    sentDaysAgo: number,
    extra: Partial<Contract> = {},
  ) {
    const token = randomBytes(24).toString('base64url');
    const fields = {
      full_name: 'Sam Schedule',
      email: `sam.${token.slice(0, 6).toLowerCase()}@example.com`,
      site_address: '1 Timer Lane',
    };
    await contracts.create({
      ...fields,
      token,
      sendKey: `test-${token}`,
      docLink: `https://prosign.example.com/api/documents/d/doc-${token}/edit`,
      signingLink: `https://sign.example/${token}`,
      cost: 1000,
      deposit: 500,
      csm_email: 'csm@prosign.example',
      authenticatedEmailId: 'csm@prosign.example',
      status,
      createdAt: new Date(Date.now() - sentDaysAgo * DAY),
      searchText: contractSearchText(fields),
      send: { state: 'completed', steps: {}, startedAt: new Date() },
      ...extra,
    });
    return token;
  }
  const stored = async (token: string) => (await contracts.findOne({ token }).lean())!;

  it('registers one job scheduler per schedule, however many workers upsert them', async () => {
    const second = await startWorker(env.config);
    try {
      const queue = worker.get<Queue>(getQueueToken(CONTRACT_SCHEDULES_QUEUE), { strict: false });
      const ids = (await queue.getJobSchedulers()).map((s) => s.key).sort();
      expect(ids).toEqual(['auto-remind', 'expire-unsigned']);
    } finally {
      await second.close();
    }
  });

  it('expires unsigned contracts older than CONTRACT_EXPIRY_DAYS, by system, and nothing else', async () => {
    const old = await contract('viewed', 31);
    const young = await contract('not signed', 29);
    const signed = await contract('signed', 40);
    const cancelled = await contract('cancelled', 40);

    const [a, b] = await Promise.all([schedules.expireDue(), schedules.expireDue()]);
    expect(a + b).toBeGreaterThanOrEqual(1);

    const expired = await stored(old);
    expect(expired.status).toBe('expired');
    expect(expired.history.filter((h) => h.status === 'expired')).toEqual([
      expect.objectContaining({ status: 'expired', performedBy: 'system' }),
    ]);
    expect((await stored(young)).status).toBe('not signed');
    expect((await stored(signed)).status).toBe('signed');
    expect((await stored(cancelled)).status).toBe('cancelled');
  });

  it('sends one automatic reminder when two runs overlap, then waits for the cadence', async () => {
    const due = await contract('not signed', 4);
    const tooYoung = await contract('not signed', 1);
    const locked = await contract('viewed', 10, {
      isDeactiveReminder: true,
      reminderDeactivateTime: new Date(Date.now() + 3600_000),
    });
    const saved = await contract('signature_saved', 10);

    await Promise.all([schedules.remindDue(), schedules.remindDue()]);

    const reminders = await mailDeliveries(connection)
      .find({ _id: { $regex: '^contract-reminder\\.' }, to: (await stored(due)).email })
      .toArray();
    expect(reminders).toHaveLength(1);
    const record = await stored(due);
    expect(record.remindersAt).toHaveLength(1);
    expect(record.isDeactiveReminder).toBe(true);
    expect(record.history.at(-1)).toMatchObject({ status: 'reminder_sent', performedBy: 'system' });
    for (const token of [tooYoung, locked, saved]) {
      expect((await stored(token)).remindersAt).toHaveLength(0);
    }

    // A day later the lock has passed but the 3-day cadence has not: nothing.
    await schedules.remindDue(new Date(Date.now() + DAY + 60_000));
    expect((await stored(due)).remindersAt).toHaveLength(1);
    // Three days later: the next one.
    await schedules.remindDue(new Date(Date.now() + 3 * DAY + 60_000));
    expect((await stored(due)).remindersAt).toHaveLength(2);
  });
});
