import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { STANDARD_TEMPLATE_DOC_IDS, type ContractStatus } from '@prosign/domain';
import type { Connection, Model } from 'mongoose';
import { AgreementEventRepository } from '../src/modules/agreements/agreement-events.repository';
import type { Agreement } from '../src/modules/agreements/agreement.schema';
import type { StandardContractForm } from '../src/modules/families/contracts/standard-contract.form';
import { DocumentPdfService } from '../src/modules/documents/document-pdf.service';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { MailService } from '../src/modules/mail/mail.service';
import {
  agreementModel,
  eventTypes,
  insertStandardAgreement,
  storedByToken,
  type StoredStandard,
  mailKeyOfLink,
} from './support/agreements';
import { contractFormData } from './support/document-fixtures';
import { seedBaseData } from './support/seed';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const PUBLIC_API_URL = 'https://prosign.example.com';
const CLIENT = 'lifecycle.client@example.com';

/** The dashboard's lifecycle calls (spec 2 §4, §7) on the real api, with their refusals. */
describe('contract lifecycle: reminder, cancel, void, mark as signed, delete, resend, edit and resend', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, REMINDER_LOCK_HOURS: '24' });
  let api: INestApplication;
  let admin: StaffHttp;
  let csm: StaffHttp;
  let agreements: Model<Agreement<StandardContractForm>>;
  let eventLog: AgreementEventRepository;
  let connection: Connection;
  let sentToken: string;
  let docLink: string;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    admin = await staffHttp(api, 'admin@prosign.example');
    csm = await staffHttp(api, 'csm@prosign.example');
    agreements = agreementModel(api);
    eventLog = api.get(AgreementEventRepository, { strict: false });
    connection = api.get(getConnectionToken(), { strict: false });

    const created = await csm()
      .post('/api/template/create-contract')
      .send({
        docLink: `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
        formData: contractFormData({}),
      })
      .expect(201);
    docLink = created.body.docLink as string;
    const sent = await csm()
      .post('/api/contracts/send')
      .send({
        docLink,
        full_name: 'Lena Lifecycle',
        email: CLIENT,
        company_name: 'Lifecycle Holdings',
        contact_number: '+14155550188',
        site_address: '88 Mission Street',
        city: 'San Francisco',
        state: 'CA',
        zipcode: '94105',
        cost: 9000,
        deposit: 4500,
        csm_email: 'csm@prosign.example',
        t24ReportCount: 0,
        contractTitle: 'Structural Engineering Agreement',
      })
      .expect(200);
    sentToken = sent.body.token as string;
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  /**
   * Another listed contract like the sent one (same form and document), in the
   * given state, as the send and the signing flow would leave it: its own sign
   * link and a log holding only its send.
   */
  async function contractIn(status: ContractStatus): Promise<string> {
    const base = (await storedByToken(api, sentToken))!;
    const { token } = await insertStandardAgreement(api, {
      status,
      form: base.form,
      docLink: base.docLink,
      fields: { sentBy: base.sentBy },
    });
    return token;
  }

  const stored = async (token: string): Promise<StoredStandard> =>
    (await storedByToken(api, token))!;
  const chainIntact = async (record: StoredStandard) =>
    (await eventLog.checkChain(record._id))?.intact;

  it('sends a reminder, locks the next one for the configured hours, and allows it again once the lock passed', async () => {
    const token = await contractIn('viewed');
    const before = Date.now();
    const res = await csm()
      .post('/api/email/send-reminder')
      .send({ token, email: 'ignored@example.com', full_name: 'x', uniqueLink: 'x' })
      .expect(200);
    expect(res.body.remindersAt).toHaveLength(1);
    const lockedUntil = new Date(res.body.reminderDeactivateTime).getTime();
    expect(lockedUntil - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(lockedUntil - before).toBeLessThan(24 * 3600_000 + 60_000);

    // The mail goes to the stored client, not to an address in the body.
    const reminder = await mailDeliveries(connection).findOne({
      _id: { $regex: `^${await mailKeyOfLink(connection, token, 'reminder')}\\.` },
    });
    expect(reminder?.to).toEqual([CLIENT]);
    expect(reminder?.text).toContain(`https://sign.example/${token}`);

    const locked = await csm().post('/api/email/send-reminder').send({ token }).expect(409);
    expect(locked.body.message).toBe(
      `A reminder was sent recently. The next one can be sent after ${res.body.reminderDeactivateTime}.`,
    );

    // The lock ends by time alone.
    await agreements.updateOne(
      { token },
      { $set: { reminderDeactivateTime: new Date(Date.now() - 1000) } },
    );
    const again = await csm().post('/api/email/send-reminder').send({ token }).expect(200);
    expect(again.body.remindersAt).toHaveLength(2);

    const record = await stored(token);
    const reminders = record.events.filter((event) => event.type !== 'sent');
    expect(eventTypes(record)).toEqual(['sent', 'reminder_sent', 'reminder_sent']);
    // A reminder changes no status: each event records the status it left (still viewed).
    expect(reminders.map((event) => [event.type, event.status, event.actor])).toEqual([
      ['reminder_sent', 'viewed', 'csm@prosign.example'],
      ['reminder_sent', 'viewed', 'csm@prosign.example'],
    ]);
    expect(reminders[0].ip).toMatch(/127\.0\.0\.1|::1/);
    expect(await chainIntact(record)).toBe(true);

    // The dashboard card shows them from the log.
    const card = await csm().get(`/api/contracts/by-token/${token}`).expect(200);
    expect(card.body.remindersAt).toHaveLength(2);
    expect(card.body.history.at(-1)).toMatchObject({
      type: 'reminder_sent',
      status: 'viewed',
      performedBy: 'csm@prosign.example',
    });
  });

  it('a reminder whose mail cannot be queued is refused and leaves no lock behind', async () => {
    const token = await contractIn('viewed');
    const mail = api.get(MailService);
    const send = jest.spyOn(mail, 'send').mockRejectedValueOnce(new Error('Redis is away'));
    try {
      const failed = await csm().post('/api/email/send-reminder').send({ token }).expect(502);
      expect(failed.body.message).toBe('Error sending reminder email. Please try again.');
    } finally {
      send.mockRestore();
    }
    const after = await stored(token);
    expect(after.isDeactiveReminder).toBe(false);
    expect(after.remindersAt).toEqual([]);
    expect(after.reminderDeactivateTime).toBeNull();
    expect(eventTypes(after)).toEqual(['sent', 'reminder_sent', 'reminder_failed']);
    expect(after.events.at(-1)).toMatchObject({
      type: 'reminder_failed',
      status: 'viewed',
      actor: 'csm@prosign.example',
    });
    expect(await chainIntact(after)).toBe(true);

    // The next try is allowed at once and mails the client.
    const retry = await csm().post('/api/email/send-reminder').send({ token }).expect(200);
    expect(retry.body.remindersAt).toHaveLength(1);
  });

  it('refuses a reminder for a contract whose signature is saved or that is signed', async () => {
    const saved = await contractIn('signature_saved');
    const res = await csm().post('/api/email/send-reminder').send({ token: saved }).expect(409);
    expect(res.body.message).toBe(
      'Send Reminder is not available for a contract that is signature_saved.',
    );
    await csm()
      .post('/api/email/send-reminder')
      .send({ token: await contractIn('signed') })
      .expect(409);
  });

  it('cancels an active contract once; a second cancel is refused', async () => {
    const token = await contractIn('not signed');
    const res = await csm().post('/api/update/cancel-contract').send({ token }).expect(200);
    expect(res.body.status).toBe('cancelled');
    const again = await csm().post('/api/update/cancel-contract').send({ token }).expect(409);
    expect(again.body.message).toBe(
      'Cancel Contract is not available for a contract that is cancelled.',
    );
    const record = await stored(token);
    expect(record.status).toBe('cancelled');
    expect(record.cancelledAt).toEqual(expect.any(Date));
    // Only the first cancel is in the log.
    expect(eventTypes(record)).toEqual(['sent', 'cancelled']);
    expect(record.events.at(-1)).toMatchObject({
      type: 'cancelled',
      status: 'cancelled',
      actor: 'csm@prosign.example',
    });
    expect(record.events.at(-1)?.ip).toBeTruthy();

    const card = await csm().get(`/api/contracts/by-token/${token}`).expect(200);
    expect(card.body.status).toBe('cancelled');
    expect(card.body.history.at(-1)).toMatchObject({
      type: 'cancelled',
      status: 'cancelled',
      performedBy: 'csm@prosign.example',
      ipAddress: record.events.at(-1)?.ip,
    });
  });

  it('refuses a body that names the actor: the actor comes from the session', async () => {
    const token = await contractIn('not signed');
    await csm()
      .post('/api/update/cancel-contract')
      .send({ token, performedBy: 'someone@else.example' })
      .expect(400);
    const record = await stored(token);
    expect(record.status).toBe('not signed');
    expect(eventTypes(record)).toEqual(['sent']);
  });

  it('marks an active contract as signed manually, not a cancelled one', async () => {
    const token = await contractIn('viewed');
    const res = await csm()
      .put('/api/user/mark-as-signed')
      .send({ token, status: 'signed' })
      .expect(200);
    expect(res.body.status).toBe('signed_manually');
    const record = await stored(token);
    expect(record.status).toBe('signed_manually');
    expect(record.events.at(-1)).toMatchObject({
      type: 'signed_manually',
      status: 'signed_manually',
      actor: 'csm@prosign.example',
    });
    await csm()
      .put('/api/user/mark-as-signed')
      .send({ token: await contractIn('cancelled'), status: 'signed' })
      .expect(409);
  });

  it('voids a signed contract for administrators only, producing the voided PDF', async () => {
    const token = await contractIn('signed');
    const refused = await csm().post('/api/template/generate-void-pdf').send({ token }).expect(403);
    expect(refused.body.message).toBe(
      'Unauthorized: You do not have permission to void this contract.',
    );
    expect((await stored(token)).status).toBe('signed');

    const res = await admin().post('/api/template/generate-void-pdf').send({ token }).expect(200);
    expect(res.body.status).toBe('void');
    const record = await stored(token);
    expect(record.status).toBe('void');
    expect(record.voidDocLink).toBe(res.body.voidDocLink);
    expect(record.events.at(-1)).toMatchObject({
      type: 'void',
      status: 'void',
      actor: 'admin@prosign.example',
    });
    // The refused attempt left nothing in the log.
    expect(eventTypes(record)).toEqual(['sent', 'void']);
    const { pdf } = await api.get(DocumentPdfService, { strict: false }).pdfOf(record.voidDocLink!);
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');

    // Not signed: nothing to void.
    await admin()
      .post('/api/template/generate-void-pdf')
      .send({ token: await contractIn('viewed') })
      .expect(409);
  });

  it('deletes only with userAccessAccess; a deleted contract is never listed again but kept', async () => {
    const token = await contractIn('expired');
    const refused = await csm().delete('/api/user/mark-as-delete').send({ token }).expect(403);
    expect(refused.body.message).toBe('You do not have permission to delete contracts.');

    await admin().delete('/api/user/mark-as-delete').send({ token }).expect(200);
    await admin().get(`/api/contracts/by-token/${token}`).expect(404);
    const list = await admin()
      .get('/api/user/details')
      .query({ limit: 100, search: 'lena lifecycle' })
      .expect(200);
    expect(list.body.filteredClients.map((c: { token: string }) => c.token)).not.toContain(token);
    const record = await stored(token);
    expect(record).toMatchObject({
      status: 'expired',
      deletedBy: 'admin@prosign.example',
      deletedAt: expect.any(Date),
      form: { full_name: 'Lena Lifecycle' },
    });
    expect(record.events.at(-1)).toMatchObject({
      type: 'deleted',
      status: 'expired',
      actor: 'admin@prosign.example',
    });
    await admin().delete('/api/user/mark-as-delete').send({ token }).expect(404);
  });

  it('resends a cancelled contract under a new token and mails the new link; the old one becomes resent', async () => {
    await csm().post('/api/update/cancel-contract').send({ token: sentToken }).expect(200);
    const res = await csm().put('/api/update/resend').send({ token: sentToken }).expect(200);
    const newToken = res.body.token as string;
    expect(newToken).not.toBe(sentToken);
    expect(res.body).toMatchObject({ status: 'not signed', docLink, send: { state: 'completed' } });

    const old = await stored(sentToken);
    const fresh = await stored(newToken);
    expect(String(fresh._id)).toBe(res.body._id);
    expect(old).toMatchObject({ status: 'resent', isResend: true, replacedBy: res.body._id });
    expect(old.events.at(-1)).toMatchObject({
      type: 'resent',
      status: 'resent',
      actor: 'csm@prosign.example',
    });
    expect(eventTypes(old).slice(-2)).toEqual(['cancelled', 'resent']);
    expect(fresh).toMatchObject({
      status: 'not signed',
      form: { email: CLIENT, full_name: 'Lena Lifecycle' },
      docLink,
      sentBy: 'csm@prosign.example',
    });
    expect(eventTypes(fresh)).toContain('sent');

    const mail = await mailDeliveries(connection).findOne({
      _id: await mailKeyOfLink(connection, newToken, 'review-link'),
    });
    expect(mail?.to).toEqual([CLIENT]);
    expect(mail?.text).toContain(fresh.signingLink);

    const card = await csm().get(`/api/contracts/by-token/${sentToken}`).expect(200);
    expect(card.body).toMatchObject({ status: 'resent', isResend: true });
    expect(card.body.resendAt).toEqual(expect.any(String));

    // Already resent: refused.
    await csm().put('/api/update/resend').send({ token: sentToken }).expect(409);
    await csm().put('/api/update/resend').send({ token: newToken }).expect(409);
  });

  it('edit-resend returns the record to prefill creation, only for cancelled or expired contracts', async () => {
    const token = await contractIn('expired');
    const res = await csm().put('/api/update/edit-resend').send({ token }).expect(200);
    expect(res.body.contract).toMatchObject({
      token,
      full_name: 'Lena Lifecycle',
      email: CLIENT,
      site_address: '88 Mission Street',
      cost: 9000,
      deposit: 4500,
      contractTitle: 'Structural Engineering Agreement',
    });
    await csm()
      .put('/api/update/edit-resend')
      .send({ token: await contractIn('not signed') })
      .expect(409);
  });

  it('answers 404 for an unknown token and 400 for a missing one', async () => {
    await csm().post('/api/update/cancel-contract').send({ token: 'nope' }).expect(404);
    await csm().post('/api/update/cancel-contract').send({}).expect(400);
  });
});
