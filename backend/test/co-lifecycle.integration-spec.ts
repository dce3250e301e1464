import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { mailKeyOfLink } from './support/agreements';
import { getConnectionToken } from '@nestjs/mongoose';
import type { CoCardView, CoListResponse } from '@prosign/domain';
import type { Connection } from 'mongoose';
import { AgreementSchedulesService } from '../src/modules/agreements/agreement-schedules.service';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { coDealFixture, sendCo, type CoDealFixture } from './support/co-fixtures';
import { seedBaseData } from './support/seed';
import { PUBLIC_SIGNING_URL } from './support/signing-fixtures';
import { sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const DAY = 24 * 3600_000;

/**
 * Show CO on /dashboard (spec 2 §7 "Change-order family"): the list and the
 * actions by id on the real api, worker and database, change orders created
 * and sent through the /co screen's calls; and the worker's schedules (expiry,
 * automatic reminders) covering change orders.
 */
describe('CO lifecycle: get-contracts, the actions by id, the schedules', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_SIGNING_URL,
    CONTRACT_EXPIRY_DAYS: '30',
    AUTO_REMINDER_INTERVAL_DAYS: '3',
  });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let admin: StaffHttp;
  let csm: StaffHttp;
  let pm: StaffHttp;
  let connection: Connection;
  let deal: CoDealFixture;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    admin = await staffHttp(api, 'admin@prosign.example');
    csm = await staffHttp(api, 'csm@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
    deal = await coDealFixture(csm);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  async function list(query: Record<string, string | number> = {}): Promise<CoListResponse> {
    return (await csm().get('/api/co/get-contracts').query(query).expect(200)).body;
  }

  async function cardOf(customId: string): Promise<CoCardView | undefined> {
    const { filteredContracts } = await list({ limit: 100 });
    return filteredContracts.find((card) => card.customId === customId);
  }

  /** Creates and sends a change order described so; its card. */
  async function sentCo(description: string, fee = 1500): Promise<CoCardView> {
    const sent = await sendCo(csm, deal, { description, fee, firstPayment: fee - 600 });
    const card = await cardOf(sent.customId);
    if (!card) throw new Error(`the change order "${description}" is not listed`);
    return card;
  }

  const action = (http: StaffHttp, name: string, id: string) =>
    http().post(`/api/co/${name}`).send({ id, performedBy: 'mallory@evil.example' });

  it('lists sent change orders newest first with their deal, label, fee and link; searches and filters; dashboard staff only', async () => {
    const first = await sentCo('Widen the garage door opening.');
    const second = await sentCo('Add a skylight over the stairs.', 2000);
    const { filteredContracts, total, totalPages, page, limit } = await list();
    expect(filteredContracts[0].customId).toBe(second.customId);
    expect({ totalPages, page, limit }).toEqual({ totalPages: 1, page: 1, limit: 25 });
    expect(total).toBeGreaterThanOrEqual(2);
    expect(first).toMatchObject({
      family: 'co',
      status: 'not-signed',
      deal_id: deal.dealId,
      coLabel: 'Change Order 1',
      signatory_name: deal.signatory.name,
      signatory_email: deal.signatory.email,
      description: 'Widen the garage door opening.',
      fee: 1500,
      payment_terms: 'Split Payment',
      firstPayment: 900,
      secondPayment: 600,
      cc_emails: 'pm@prosign.example',
      signingLink: `${PUBLIC_SIGNING_URL}/co-signature/${first.customId}`,
      summary: {
        recipientName: deal.signatory.name,
        address: '221 Alder Court, San Jose, CA 95112',
        senderEmail: 'csm@prosign.example',
      },
    });
    expect(first.history.map((event) => event.type)).toEqual(['sent']);
    // The card leaves the long template texts out; the stored change order has them.
    expect(first).not.toHaveProperty('template_start');
    expect(first).not.toHaveProperty('specifications_provisions');
    const stored = await connection.collection('agreements').findOne({ token: first.customId });
    expect(stored?.form.template_start).toEqual(expect.any(String));

    // The search matches the signatory, project address, deal and label, not the description.
    expect((await list({ search: 'skylight' })).total).toBe(0);
    // The demo change orders (seeded on other deals) are listed too: count this deal's only.
    const own = (await list({ search: deal.dealId })).total;
    expect(own).toBe(2);
    expect((await list({ search: deal.signatory.name.toLowerCase() })).total).toBe(own);
    const ofDeal = (cards: CoCardView[]) => cards.filter((c) => c.deal_id === deal.dealId);
    expect(ofDeal((await list({ filters: 'signed' })).filteredContracts)).toEqual([]);
    expect(ofDeal((await list({ filters: 'notViewed' })).filteredContracts)).toHaveLength(own);

    // Only the change-order family is listed, and only for staff with the dashboard.
    const sow = sowBody();
    const createdSow = await pm().post('/api/sow/create-contract').send(sow).expect(200);
    await pm()
      .post('/api/sow/send-contract')
      .send({ ...sow, docLink: createdSow.body.docLink })
      .expect(200);
    expect((await list({ limit: 100 })).filteredContracts.every((c) => c.family === 'co')).toBe(
      true,
    );
    await csm().get('/api/co/get-contracts').query({ limit: 7 }).expect(400);
    await pm().get('/api/co/get-contracts').expect(403);
  });

  it('cancels once, recording the signed-in staff member whatever the body says; refuses bad and unknown ids', async () => {
    const co = await sentCo('Move the water heater.');
    const cancelled = await action(csm, 'cancel-contract', co._id).expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    await action(csm, 'cancel-contract', co._id).expect(409);
    expect((await cardOf(co.customId))?.history.at(-1)).toMatchObject({
      type: 'cancelled',
      performedBy: 'csm@prosign.example',
    });
    const bad = await action(csm, 'cancel-contract', 'not-an-id').expect(400);
    expect(JSON.stringify(bad.body.message)).toContain('id must be a change order id');
    await action(csm, 'cancel-contract', '64b000000000000000000000').expect(404);
    // A SOW's id is no change order's.
    const sowId = (await connection.collection('agreements').findOne({ family: 'sow' }))?._id;
    if (sowId) await action(csm, 'cancel-contract', String(sowId)).expect(404);
  });

  it('sends a reminder, then refuses the next one while the lock is on, and none for a cancelled one', async () => {
    const co = await sentCo('Relocate the electrical panel.');
    const reminded = await action(csm, 'send-reminder', co._id).expect(200);
    expect(reminded.body.remindersAt).toHaveLength(1);
    const locked = await action(csm, 'send-reminder', co._id).expect(409);
    expect(locked.body.message).toMatch(/reminder/i);
    const mails = await mailDeliveries(connection)
      .find({ _id: { $regex: `^${await mailKeyOfLink(connection, co.customId, 'reminder')}\\.` } })
      .toArray();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([deal.signatory.email]);

    const other = await sentCo('Add a hose bib.');
    await action(csm, 'cancel-contract', other._id).expect(200);
    await action(csm, 'send-reminder', other._id).expect(409);
  });

  it('resends a cancelled change order under a new /co-signature link and marks the old one resent, once', async () => {
    const co = await sentCo('Add a window in the office.');
    await action(csm, 'update-resend', co._id).expect(409);
    await action(csm, 'cancel-contract', co._id).expect(200);
    const resent = await action(csm, 'update-resend', co._id).expect(200);
    expect(resent.body.token).not.toBe(co.customId);
    expect(resent.body.signingLink).toBe(`${PUBLIC_SIGNING_URL}/co-signature/${resent.body.token}`);
    expect((await cardOf(co.customId))?.status).toBe('resent');
    expect(
      await mailDeliveries(connection).countDocuments({
        _id: await mailKeyOfLink(connection, resent.body.token, 'review-link'),
      }),
    ).toBe(1);
    await action(csm, 'update-resend', co._id).expect(409);
    await action(csm, 'update-edit-resend', co._id).expect(409);
  });

  it('gives the saved form for edit and resend of a cancelled change order only', async () => {
    const co = await sentCo('Replace the deck stairs.');
    await action(csm, 'update-edit-resend', co._id).expect(409);
    await action(csm, 'cancel-contract', co._id).expect(200);
    const edit = await action(csm, 'update-edit-resend', co._id).expect(200);
    expect(edit.body.contract).toMatchObject({
      _id: co._id,
      token: co.customId,
      docLink: co.docLink,
      deal_id: deal.dealId,
      description: 'Replace the deck stairs.',
      coLabel: 'Change Order 1',
      firstPayment: 900,
      secondPayment: 600,
    });
    expect(edit.body.contract.template_start).toEqual(expect.any(String));
  });

  it('marks as signed; refuses cancel then; only admins void and delete; void only once signed', async () => {
    const co = await sentCo('Add blocking for cabinets.');
    // Not signed yet: the status is checked first, so nobody may void it.
    await action(admin, 'void-contract', co._id).expect(409);
    await action(csm, 'manual-signed', co._id).expect(200);
    expect((await cardOf(co.customId))?.status).toBe('signed_manually');
    await action(csm, 'cancel-contract', co._id).expect(409);
    await action(csm, 'manual-signed', co._id).expect(409);
    await action(csm, 'send-reminder', co._id).expect(409);

    await action(csm, 'void-contract', co._id).expect(403);
    const voided = await action(admin, 'void-contract', co._id).expect(200);
    expect(voided.body).toMatchObject({ status: 'void' });
    expect(voided.body.voidDocLink).toBeTruthy();

    await action(csm, 'delete-contract', co._id).expect(403);
    await action(admin, 'delete-contract', co._id).expect(200);
    expect(await cardOf(co.customId)).toBeUndefined();
    await action(admin, 'delete-contract', co._id).expect(404);
  });

  it('the worker’s schedules cover change orders: expiry after CONTRACT_EXPIRY_DAYS and automatic reminders', async () => {
    const schedules = worker.get(AgreementSchedulesService, { strict: false });
    const old = await sentCo('Old change order.');
    const due = await sentCo('Change order due a reminder.');
    const agreements = connection.collection('agreements');
    await agreements.updateOne(
      { token: old.customId },
      { $set: { createdAt: new Date(Date.now() - 31 * DAY) } },
    );
    await agreements.updateOne(
      { token: due.customId },
      { $set: { createdAt: new Date(Date.now() - 4 * DAY) } },
    );

    await schedules.expireDue();
    const expired = await cardOf(old.customId);
    expect(expired?.status).toBe('expired');
    expect(expired?.history.at(-1)).toMatchObject({ type: 'expired', performedBy: 'system' });

    await schedules.remindDue();
    const reminded = await cardOf(due.customId);
    expect(reminded?.status).toBe('not-signed');
    expect(reminded?.remindersAt).toHaveLength(1);
    expect(reminded?.history.at(-1)).toMatchObject({
      type: 'reminder_sent',
      performedBy: 'system',
    });
    expect(
      await mailDeliveries(connection).countDocuments({
        _id: { $regex: `^${await mailKeyOfLink(connection, due.customId, 'reminder')}\\.` },
      }),
    ).toBe(1);
  });
});
