import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { initialStatus, type VerifyTokenResponse } from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import { AgreementSchedulesService } from '../src/modules/agreements/agreement-schedules.service';
import { insertStandardAgreement } from './support/agreements';
import { tokenOfLink } from './support/conformance/signer';
import {
  documentDraftOf,
  documentSendForm,
  taggedDocumentPdf,
} from './support/document-family-fixtures';
import { seedBaseData } from './support/seed';
import { PUBLIC_API_URL, PUBLIC_SIGNING_URL, signerHttp } from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const DAY = 24 * 3600_000;
const MINUTE = 60_000;
const LUIS = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com' };

/**
 * A family may let its send choose when the links expire (a document's "Links expire after
 * (days)"): the signers' pages say that date, the worker's schedule expires the agreement then
 * and not before, and a resend counts the same days again from its own send. Without a choice,
 * and in every other family, the firm's CONTRACT_EXPIRY_DAYS from the send still applies.
 */
describe('per-agreement link expiry', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    PUBLIC_SIGNING_URL,
    CONTRACT_EXPIRY_DAYS: '30',
  });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let schedules: AgreementSchedulesService;
  let admin: StaffHttp;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    schedules = worker.get(AgreementSchedulesService, { strict: false });
    admin = await staffHttp(api);
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  /** A document sent to Priya and Luis at once, with the send form's extra fields. */
  async function sentDocument(form: Record<string, unknown> = {}) {
    const draft = await documentDraftOf(admin, await taggedDocumentPdf({ signers: 2 }));
    const created = await admin().post('/api/document/create-contract').send({ draftId: draft.id });
    expect([200, 201]).toContain(created.status);
    const sent = await admin()
      .post('/api/document/send-contract')
      .send({
        ...documentSendForm(form),
        docLink: created.body.docLink as string,
        additional_signers: [LUIS],
        signing_order: 'parallel',
      })
      .expect(200);
    const id = String(sent.body._id);
    const record = (await stored(id))!;
    const luis = (record.recipients as Array<{ id: string; token: string }>).find(
      (recipient) => recipient.id === 'signer-2',
    )!;
    return {
      id,
      sentAt: record.createdAt as Date,
      priya: tokenOfLink('document', sent.body.signaturePageLink as string),
      luis: luis.token,
    };
  }

  const stored = (id: string) =>
    connection.collection('agreements').findOne({ _id: new Types.ObjectId(id) });
  const statusOf = async (id: string) => (await stored(id))?.status as string;
  /** What a signer's page reads of their link (the signer core's state). */
  const pageOf = async (token: string) =>
    (
      await signerHttp(api, { linkToken: token })
        .get(`/api/document/get-contract/${encodeURIComponent(token)}`)
        .expect(200)
    ).body as VerifyTokenResponse;

  it('expires a document sent with expires_in_days 2 after 2 days, on every signer’s page and by the schedule; one without, and another family, keep the firm’s 30 days', async () => {
    const twoDays = await sentDocument({ expires_in_days: 2 });
    const plain = await sentDocument();
    const standard = await insertStandardAgreement(worker, {
      status: 'not signed',
      createdAt: twoDays.sentAt,
    });
    const standardId = String(standard._id);
    const twoDaysEnd = twoDays.sentAt.getTime() + 2 * DAY;

    // Both signers' pages say the chosen date; the plain one's say the firm's.
    expect((await pageOf(twoDays.priya)).expiresAt).toBe(new Date(twoDaysEnd).toISOString());
    expect((await pageOf(twoDays.luis)).expiresAt).toBe(new Date(twoDaysEnd).toISOString());
    const plainEnd = new Date(plain.sentAt.getTime() + 30 * DAY).toISOString();
    expect((await pageOf(plain.priya)).expiresAt).toBe(plainEnd);
    expect((await pageOf(plain.luis)).expiresAt).toBe(plainEnd);
    // Only the chosen expiry is stored: the default follows CONTRACT_EXPIRY_DAYS if it changes.
    expect((await stored(plain.id))?.expiresAt).toBeUndefined();
    expect((await stored(standardId))?.expiresAt).toBeUndefined();

    // A minute before the 2 days nothing expires.
    expect(await schedules.expireDue(new Date(twoDaysEnd - MINUTE))).toBe(0);
    expect(await statusOf(twoDays.id)).toBe(initialStatus('document'));

    // At the 2 days the chosen one expires, alone; its pages then show no expiry to come.
    expect(await schedules.expireDue(new Date(twoDaysEnd + MINUTE))).toBe(1);
    expect(await statusOf(twoDays.id)).toBe('expired');
    expect(await statusOf(plain.id)).toBe(initialStatus('document'));
    expect(await statusOf(standardId)).toBe('not signed');
    const closed = await pageOf(twoDays.luis);
    expect([closed.linkState, closed.expiresAt]).toEqual(['expired', null]);

    // The firm's 30 days expire the others, and not a day before.
    expect(await schedules.expireDue(new Date(plain.sentAt.getTime() + 29 * DAY))).toBe(0);
    expect(await schedules.expireDue(new Date(Date.parse(plainEnd) + MINUTE))).toBe(2);
    expect(await statusOf(plain.id)).toBe('expired');
    expect(await statusOf(standardId)).toBe('expired');
  });

  it('lets the copies’ read grant of a document whose signers enter a code last as long as its links', async () => {
    const sent = await sentDocument({ expires_in_days: 2, require_email_code: true });
    const grant = await connection
      .collection('document_read_grants')
      .findOne({ agreementId: sent.id });
    // Granted as the copies were mailed, just before the send published the links.
    const linksEnd = ((await stored(sent.id))?.expiresAt as Date).getTime();
    expect(linksEnd - (grant?.expiresAt as Date).getTime()).toBeGreaterThanOrEqual(0);
    expect(linksEnd - (grant?.expiresAt as Date).getTime()).toBeLessThan(MINUTE);
  });

  it('gives a resent document a new window of the same days, counted from the resend', async () => {
    const first = await sentDocument({ expires_in_days: 3 });
    await schedules.expireDue(new Date(first.sentAt.getTime() + 3 * DAY + MINUTE));
    expect(await statusOf(first.id)).toBe('expired');

    const resent = await admin()
      .post('/api/document/update-resend')
      .send({ id: first.id })
      .expect(200);
    const token = resent.body.token as string;
    const record = await connection.collection('agreements').findOne({ token });
    const resentId = String(record?._id);
    const resentAt = (record?.createdAt as Date).getTime();
    expect((await pageOf(token)).expiresAt).toBe(new Date(resentAt + 3 * DAY).toISOString());
    await schedules.expireDue(new Date(resentAt + 3 * DAY - MINUTE));
    expect(await statusOf(resentId)).toBe(initialStatus('document'));
    await schedules.expireDue(new Date(resentAt + 3 * DAY + MINUTE));
    expect(await statusOf(resentId)).toBe('expired');
  });
});
