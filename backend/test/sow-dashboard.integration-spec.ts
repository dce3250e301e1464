import type { INestApplication } from '@nestjs/common';
import { mailKeyOfLink } from './support/agreements';
import { getConnectionToken } from '@nestjs/mongoose';
import type { SowCardView } from '@prosign/domain';
import type { Connection } from 'mongoose';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { seedBaseData } from './support/seed';
import { sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const PUBLIC_SIGNING_URL = 'https://sign.prosign.example.com';

/** The SOW dashboard's list and actions (spec 3 §2, §4, §7) on the real api and database. */
describe('SOW dashboard: get-contracts and the actions by id', () => {
  const env = createTestEnv(__filename, { PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let admin: StaffHttp;
  let pm: StaffHttp;
  let csm: StaffHttp;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    admin = await staffHttp(api, 'admin@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
    csm = await staffHttp(api, 'csm@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  /** Creates and sends a SOW for a partner of this name; its card. */
  async function sentSow(name: string): Promise<SowCardView> {
    const email = `${name.toLowerCase().replace(/\s+/g, '.')}@partners.example.com`;
    const body = sowBody({
      cp_name: name,
      cp_email: email,
      selectedCpId: null,
      cp_roles: ['designer_cp'],
      fees: { designer_fee_test: 500 },
    });
    const created = await pm().post('/api/sow/create-contract').send(body).expect(200);
    const sent = await pm()
      .post('/api/sow/send-contract')
      .send({ ...body, docLink: created.body.docLink })
      .expect(200);
    const card = await cardOf(sent.body.customId as string);
    if (!card) throw new Error(`${name}'s SOW is not listed`);
    return card;
  }

  async function list(query: Record<string, string | number> = {}) {
    return (await pm().get('/api/sow/get-contracts').query(query).expect(200)).body as {
      filteredContracts: SowCardView[];
      totalPages: number;
      total: number;
    };
  }

  async function cardOf(customId: string): Promise<SowCardView | undefined> {
    const { filteredContracts } = await list({ limit: 100 });
    return filteredContracts.find((card) => card.customId === customId);
  }

  it('lists sent SOWs newest first with their partner, roles, total and link; searches and filters', async () => {
    const first = await sentSow('Quinn Avery');
    const second = await sentSow('Rosa Bell');
    const { filteredContracts, total } = await list();
    expect(filteredContracts[0].customId).toBe(second.customId);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(first).toMatchObject({
      family: 'sow',
      status: 'not-signed',
      cp_name: 'Quinn Avery',
      cp_roles: 'designer_cp',
      payment_amount: 500,
      signingLink: `${PUBLIC_SIGNING_URL}/sow-signature/${first.customId}`,
      summary: { recipientName: 'Quinn Avery', address: '88 Orchard Lane, San Jose, CA 95112' },
    });
    expect(first.history.map((event) => event.type)).toEqual(['sent']);

    const searched = await list({ search: 'rosa' });
    expect(searched.filteredContracts.map((card) => card.customId)).toEqual([second.customId]);
    expect((await list({ filters: 'signed' })).filteredContracts).toEqual([]);
    expect((await list({ filters: 'notViewed,notSignatureSaved' })).total).toBe(total);
    // None of the known filters: all.
    expect((await list({ filters: 'bogus' })).total).toBe(total);

    await pm().get('/api/sow/get-contracts').query({ limit: 7 }).expect(400);
    await csm().get('/api/sow/get-contracts').expect(403);
  });

  it('cancels once, recording the signed-in staff member whatever the body says', async () => {
    const sow = await sentSow('Sam Carter');
    const cancelled = await pm()
      .post('/api/sow/cancel-contract')
      .send({ id: sow._id, performedBy: 'mallory@evil.example' })
      .expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    await pm().post('/api/sow/cancel-contract').send({ id: sow._id }).expect(409);

    const card = await cardOf(sow.customId);
    expect(card?.history.at(-1)).toMatchObject({
      type: 'cancelled',
      performedBy: 'pm@prosign.example',
    });
    await pm().post('/api/sow/cancel-contract').send({ id: 'not-an-id' }).expect(400);
    await pm()
      .post('/api/sow/cancel-contract')
      .send({ id: '64b000000000000000000000' })
      .expect(404);
  });

  it('sends a reminder, then refuses the next one while the lock is on', async () => {
    const sow = await sentSow('Tara Dunn');
    const reminded = await pm().post('/api/sow/send-reminder').send({ id: sow._id }).expect(200);
    expect(reminded.body.remindersAt).toHaveLength(1);
    await pm().post('/api/sow/send-reminder').send({ id: sow._id }).expect(409);
    const mails = await mailDeliveries(connection)
      .find({ _id: { $regex: `^${await mailKeyOfLink(connection, sow.customId, 'reminder')}\\.` } })
      .toArray();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(
      'Reminder: Scope of Work for 88 Orchard Lane, San Jose, CA 95112',
    );
  });

  it('resends a cancelled SOW under a new link and marks the old one resent, once', async () => {
    const sow = await sentSow('Uma Ellis');
    await pm().post('/api/sow/cancel-contract').send({ id: sow._id }).expect(200);
    const resent = await pm().post('/api/sow/update-resend').send({ id: sow._id }).expect(200);
    expect(resent.body.token).not.toBe(sow.customId);
    expect(resent.body.signingLink).toBe(
      `${PUBLIC_SIGNING_URL}/sow-signature/${resent.body.token}`,
    );
    expect((await cardOf(sow.customId))?.status).toBe('resent');
    expect(
      await mailDeliveries(connection).countDocuments({
        _id: await mailKeyOfLink(connection, resent.body.token, 'review-link'),
      }),
    ).toBe(1);
    // Resent already: neither resend nor edit-and-resend again.
    await pm().post('/api/sow/update-resend').send({ id: sow._id }).expect(409);
    await pm().post('/api/sow/update-edit-resend').send({ id: sow._id }).expect(409);
  });

  it('gives the saved form for edit and resend of a cancelled SOW', async () => {
    const sow = await sentSow('Vera Fox');
    await pm().post('/api/sow/update-edit-resend').send({ id: sow._id }).expect(409);
    await pm().post('/api/sow/cancel-contract').send({ id: sow._id }).expect(200);
    const edit = await pm().post('/api/sow/update-edit-resend').send({ id: sow._id }).expect(200);
    expect(edit.body.contract).toMatchObject({
      _id: sow._id,
      cp_name: 'Vera Fox',
      cp_roles: 'designer_cp',
      fees: { designer_fee_test: 500 },
    });
  });

  it('marks as signed; only admins void and delete', async () => {
    const sow = await sentSow('Will Grant');
    await pm().post('/api/sow/manual-signed').send({ id: sow._id }).expect(200);
    expect((await cardOf(sow.customId))?.status).toBe('signed_manually');

    await pm().post('/api/sow/void-contract').send({ id: sow._id }).expect(403);
    const voided = await admin().post('/api/sow/void-contract').send({ id: sow._id }).expect(200);
    expect(voided.body).toMatchObject({ status: 'void' });
    expect(voided.body.voidDocLink).toBeTruthy();

    await pm().post('/api/sow/delete-contract').send({ id: sow._id }).expect(403);
    await admin().post('/api/sow/delete-contract').send({ id: sow._id }).expect(200);
    expect(await cardOf(sow.customId)).toBeUndefined();
    await admin().post('/api/sow/delete-contract').send({ id: sow._id }).expect(404);
  });
});
