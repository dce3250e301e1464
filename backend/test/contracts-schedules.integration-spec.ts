import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { getConnectionToken } from '@nestjs/mongoose';
import { type ContractStatus } from '@prosign/domain';
import type { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { AgreementEventRepository } from '../src/modules/agreements/agreement-events.repository';
import type { Agreement } from '../src/modules/agreements/agreement.schema';
import { AGREEMENT_SCHEDULES_QUEUE } from '../src/modules/agreements/agreement-schedules.processor';
import { AgreementSchedulesService } from '../src/modules/agreements/agreement-schedules.service';
import type { StandardContractForm } from '../src/modules/families/contracts/standard-contract.form';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import {
  eventTypes,
  insertStandardAgreement,
  storedByToken,
  type StoredStandard,
  mailKeyOfLink,
} from './support/agreements';
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
  let schedules: AgreementSchedulesService;
  let eventLog: AgreementEventRepository;
  let connection: Connection;

  beforeAll(async () => {
    worker = await startWorker(env.config);
    schedules = worker.get(AgreementSchedulesService, { strict: false });
    eventLog = worker.get(AgreementEventRepository, { strict: false });
    connection = worker.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await env.cleanup();
  });

  /** A sent contract in the given state, sent `sentDaysAgo` days ago, each with its own client. */
  async function contract(
    status: ContractStatus,
    sentDaysAgo: number,
    fields: Partial<Agreement<StandardContractForm>> = {},
  ) {
    const { token } = await insertStandardAgreement(worker, {
      status,
      createdAt: new Date(Date.now() - sentDaysAgo * DAY),
      form: {
        full_name: 'Sam Schedule',
        email: `sam.${Math.random().toString(36).slice(2, 8)}@example.com`,
        site_address: '1 Timer Lane',
        cost: 1000,
        deposit: 500,
        balance: 500,
        csm_email: 'csm@prosign.example',
      },
      fields,
    });
    return token;
  }
  const stored = async (token: string): Promise<StoredStandard> =>
    (await storedByToken(worker, token))!;

  it('registers one job scheduler per schedule, however many workers upsert them', async () => {
    const second = await startWorker(env.config);
    try {
      const queue = worker.get<Queue>(getQueueToken(AGREEMENT_SCHEDULES_QUEUE), { strict: false });
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
    expect(expired.expiredAt).toEqual(expect.any(Date));
    // Two overlapping runs: one expiry in the log, by the system, the chain intact.
    expect(expired.events.filter((event) => event.type === 'expired')).toEqual([
      expect.objectContaining({ type: 'expired', status: 'expired', actor: 'system' }),
    ]);
    expect(eventTypes(expired)).toEqual(['sent', 'expired']);
    expect((await eventLog.checkChain(expired._id))?.intact).toBe(true);
    for (const [token, status] of [
      [young, 'not signed'],
      [signed, 'signed'],
      [cancelled, 'cancelled'],
    ] as const) {
      const record = await stored(token);
      expect(record.status).toBe(status);
      expect(eventTypes(record)).not.toContain('expired');
    }
  });

  it('covers SOWs too: an old unsigned SOW expires, a due one gets its SOW reminder', async () => {
    const sow = (name: string, status: 'not-signed' | 'viewed', sentDaysAgo: number) =>
      contract(status as ContractStatus, sentDaysAgo, {
        family: 'sow',
        form: {
          cp_name: name,
          cp_email: `${name.toLowerCase()}@partners.example.com`,
          cp_phone: '',
          cp_roles: 'designer_cp',
          cc_emails: '',
          project_address: '5 Survey Row, Fresno, CA',
          project_id: '60000005',
          pm_email: 'pm@prosign.example',
        } as never,
      } as Partial<Agreement<StandardContractForm>>);
    const old = await sow('Olive', 'viewed', 31);
    const due = await sow('Dale', 'not-signed', 4);

    await schedules.expireDue();
    expect((await stored(old)).status).toBe('expired');

    await schedules.remindDue();
    const reminders = await mailDeliveries(connection)
      .find({ _id: { $regex: `^${await mailKeyOfLink(connection, due, 'reminder')}\\.` } })
      .toArray();
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      to: ['dale@partners.example.com'],
      subject: 'Reminder: Scope of Work for 5 Survey Row, Fresno, CA',
    });
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
      .find({ _id: { $regex: '^contract-reminder\\.' }, to: (await stored(due)).form.email })
      .toArray();
    expect(reminders).toHaveLength(1);
    const record = await stored(due);
    expect(record.remindersAt).toHaveLength(1);
    expect(record.isDeactiveReminder).toBe(true);
    expect(eventTypes(record)).toEqual(['sent', 'reminder_sent']);
    expect(record.events.at(-1)).toMatchObject({
      type: 'reminder_sent',
      status: 'not signed',
      actor: 'system',
    });
    for (const token of [tooYoung, locked, saved]) {
      const other = await stored(token);
      expect(other.remindersAt).toHaveLength(0);
      expect(eventTypes(other)).not.toContain('reminder_sent');
    }

    // A day later the lock has passed but the 3-day cadence has not: nothing.
    await schedules.remindDue(new Date(Date.now() + DAY + 60_000));
    expect((await stored(due)).remindersAt).toHaveLength(1);
    // Three days later: the next one.
    await schedules.remindDue(new Date(Date.now() + 3 * DAY + 60_000));
    expect((await stored(due)).remindersAt).toHaveLength(2);
  });
});
