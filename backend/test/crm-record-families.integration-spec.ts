import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { type AgreementFamily, type CrmRecordActivityView } from '@prosign/domain';
import type { Queue } from 'bullmq';
import { Types, type Connection } from 'mongoose';
import { AgreementLifecycleService } from '../src/modules/agreements';
import { crmMarkerOf } from '../src/modules/crm/crm-agreement-record';
import { enqueueMove } from '../src/modules/crm/crm-stage-moves';
import { QueueName } from '../src/platform/queues/queue-names';
import { coBody, coDealFixture } from './support/co-fixtures';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sendContract,
  signerHttp,
  signStandardAs,
} from './support/signing-fixtures';
import { DEMO_PARTNERS, DEMO_PROJECT_ID, sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const JANE = { name: 'Jane Roe', email: 'jane.roe@example.com' };
const STANDARD_DEAL = '40000011';
const ADMIN_ACTOR = { email: 'admin@prosign.example', isAdmin: true, userAccessAccess: true };

type Note = {
  _id: string;
  body: string;
  on: Array<{ type: string; id: string }>;
  attachmentIds: string[];
};
type Move = {
  _id: string;
  dealId: string | null;
  projectId?: string | null;
  noteId?: string;
  fileId?: string;
  dealstage: string | null;
};

/**
 * The CRM record for every family and event, on the local CRM: each event of an
 * agreement (sent, first viewed, handed over, signed, declined, voided, expired, cancelled,
 * invoice sent and paid) leaves one note on the agreement's deal (standard, change order) or
 * its project (SOW), and on the signer's contact when the CRM knows them; the signature and
 * the void keep their PDF as one file attached to the note; every note of one agreement names
 * it by the same title; a retry after a crash writes nothing twice.
 */
describe('every agreement event on its CRM record, for each family', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let connection: Connection;
  let pm: StaffHttp;
  let csm: StaffHttp;
  let admin: StaffHttp;
  let lifecycle: AgreementLifecycleService;
  const shell = () => env.config.PUBLIC_SHELL_URL.replace(/\/+$/, '');

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    connection = api.get<Connection>(getConnectionToken(), { strict: false });
    pm = await staffHttp(api, 'pm@prosign.example');
    csm = await staffHttp(api, 'csm@prosign.example');
    admin = await staffHttp(api, 'admin@prosign.example');
    lifecycle = api.get(AgreementLifecycleService, { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  const moved = async (key: string): Promise<Move> =>
    (await waitFor(
      () => connection.collection('crm_stage_moves').findOne({ _id: key as never }),
      (doc) => doc?.status === 'moved',
      { timeoutMs: 20_000, intervalMs: 100 },
    )) as unknown as Move;

  /** The one note a write left, and the write. */
  async function noteOf(key: string): Promise<{ move: Move; note: Note }> {
    const move = await moved(key);
    const notes = (await connection
      .collection('crm_notes')
      .find({ marker: crmMarkerOf(key) })
      .toArray()) as unknown as Note[];
    expect(notes).toHaveLength(1);
    expect(move.noteId).toBe(notes[0]._id);
    return { move, note: notes[0] };
  }

  /** The file a write kept (its marker in the name), in `folder`: exactly one. */
  async function fileOf(key: string, folder: string, kind: 'signed' | 'void') {
    const files = await connection
      .collection('crm_files')
      .find({ name: { $regex: `\\(${kind}\\) ${crmMarkerOf(key)}\\.pdf$` } })
      .toArray();
    expect(files).toHaveLength(1);
    expect(files[0].folder).toBe(folder);
    return files[0];
  }

  /** As if the worker died after the upload and the note, before recording either: queued again. */
  async function retryAsAfterCrash(key: string): Promise<void> {
    const moves = connection.collection('crm_stage_moves');
    await moves.updateOne(
      { _id: key as never },
      { $set: { status: 'queued', fileId: null, noteId: null }, $inc: { requeues: 1 } },
    );
    const queue = worker.get<Queue>(getQueueToken(QueueName.Crm), { strict: false });
    await enqueueMove(queue as never, (await moves.findOne({ _id: key as never })) as never, {
      CRM_MOVE_ATTEMPTS: env.config.CRM_MOVE_ATTEMPTS,
      CRM_RETRY_DELAY_MS: env.config.CRM_RETRY_DELAY_MS,
    });
    await moved(key);
  }

  const titleOf = (note: Note) => /^"([^"]+)"/.exec(note.body)?.[1];

  async function agreementOf(id: string) {
    return connection.collection('agreements').findOne({ _id: new Types.ObjectId(id) });
  }

  describe.each([
    {
      family: 'sow' as const,
      folder: '/ProSign/Scopes of work',
      dashboard: '/sow-dashboard',
      title: 'Scope of Work: 88 Orchard Lane, San Jose, CA 95112',
    },
    {
      family: 'co' as const,
      folder: '/ProSign/Change orders',
      dashboard: '/dashboard',
      title: null,
    },
  ])('$family', ({ family, folder, dashboard, title }) => {
    let record: { type: 'projects' | 'deals'; id: string };
    let contactId: string;
    let expectedTitle: string;
    const staff = () => (family === 'sow' ? pm : csm)();
    const link = (customId: string) => signerHttp(api, { linkToken: customId });
    const at = (call: string, customId: string) => `/api/${family}/${call}/${customId}`;

    /** Sent by staff on the family's screen: its id and link. */
    async function sent(): Promise<{ id: string; customId: string }> {
      let body: Record<string, unknown>;
      if (family === 'co') {
        const deal = await coDealFixture(csm);
        record = { type: 'deals', id: deal.dealId };
        contactId = deal.signatory.id;
        body = coBody(deal) as unknown as Record<string, unknown>;
      } else {
        record = { type: 'projects', id: DEMO_PROJECT_ID };
        contactId = DEMO_PARTNERS.mei.id;
        body = sowBody() as unknown as Record<string, unknown>;
      }
      const created = await staff().post(`/api/${family}/create-contract`).send(body).expect(200);
      const done = await staff()
        .post(`/api/${family}/send-contract`)
        .send({ ...body, docLink: created.body.docLink })
        .expect(200);
      return { id: done.body._id as string, customId: done.body.customId as string };
    }

    it('sent, first viewed, handed over, signed and voided: one note each on its record, the PDFs as files, one title', async () => {
      const { id, customId } = await sent();
      const key = (event: string) => `${family}-${event}.${id}`;
      expectedTitle =
        title ?? ((await agreementOf(id))?.form.project_address as string | undefined)!;
      if (family === 'co') expectedTitle = `Change Order: ${expectedTitle}`;

      const sentNote = await noteOf(key('sent'));
      expect(sentNote.note.on).toEqual([record, { type: 'contacts', id: contactId }]);
      expect(sentNote.note.body).toBe(
        `"${expectedTitle}" was sent for signature in ProSign.\nOpen in ProSign: ${shell()}${dashboard}\n\nProSign ref: ${crmMarkerOf(key('sent'))}`,
      );
      expect(sentNote.note.body).not.toContain(customId);
      if (family === 'sow') {
        // A project has no stage: only its note.
        expect(sentNote.move).toMatchObject({ dealId: null, projectId: DEMO_PROJECT_ID });
        expect(sentNote.move.dealstage).toBeNull();
      }

      await link(customId).post(at('increase-viewed-times', customId)).expect(200);
      const viewed = await noteOf(key('viewed'));
      expect(viewed.note.body).toContain('was opened by the signer for the first time.');

      await link(customId)
        .post(at('hand-over', customId))
        .send({ ...JANE, note: 'Our PM signs.' })
        .expect(200);
      const handedOver = await noteOf(key('handed-over-1'));
      expect(handedOver.note.body).toMatch(
        new RegExp(
          `^"${escape(expectedTitle)}": handed over by .+ to Jane Roe on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} P[SD]T\\.\\n.+ wrote:\\n> Our PM signs\\.\\nOpen in ProSign: `,
        ),
      );
      // Jane is not a CRM contact: the note is on the record alone.
      expect(handedOver.note.on).toEqual([record]);

      const fresh = (await agreementOf(id))?.token as string;
      await link(fresh)
        .post(at('upload-text-signature', fresh))
        .send({ textSignature: JANE.name })
        .expect(200);
      await link(fresh).post(at('finish', fresh)).send({ agreedToTerms: true }).expect(200);
      const signed = await noteOf(key('signed'));
      const sealed = await fileOf(key('signed'), folder, 'signed');
      expect(signed.note.attachmentIds).toEqual([sealed._id]);
      expect(signed.note.body).toContain('was signed in ProSign. The sealed PDF');
      expect(signed.move.fileId).toBe(sealed._id);

      // A retry whose progress was lost finds the file and the note by the marker.
      await retryAsAfterCrash(key('signed'));
      await noteOf(key('signed'));
      await fileOf(key('signed'), folder, 'signed');

      await lifecycle.void(family, { id }, ADMIN_ACTOR);
      const voided = await noteOf(key('voided'));
      const stamped = await fileOf(key('voided'), folder, 'void');
      expect(voided.note.attachmentIds).toEqual([stamped._id]);
      expect(voided.note.body).toContain(
        'was voided in ProSign. The VOID-stamped PDF is attached.',
      );

      // One title for every note of the agreement.
      const notes = [sentNote, viewed, handedOver, signed, voided].map(({ note }) => note);
      expect(notes.map(titleOf)).toEqual(notes.map(() => expectedTitle));
      for (const note of notes) expect(note.on[0]).toEqual(record);

      // The admin's CRM record view shows them, with both files.
      const view = (
        await admin().get(`/api/admin/crm/records/${record.type}/${record.id}`).expect(200)
      ).body as CrmRecordActivityView;
      const shown = view.notes.map((note) => note.id);
      expect(shown).toEqual(expect.arrayContaining(notes.map((note) => note._id)));
      expect(view.files.map((file) => file.id)).toEqual(
        expect.arrayContaining([sealed._id, stamped._id]),
      );
    });

    it('declined (with the reason), cancelled and expired: a note each on its record', async () => {
      const declined = await sent();
      await link(declined.customId)
        .post(at('decline', declined.customId))
        .send({ reason: 'The scope is not ours.' })
        .expect(200);
      const decline = await noteOf(`${family}-declined.${declined.id}`);
      expect(decline.note.body).toMatch(
        /" was declined by .+ in ProSign\.\n.+ wrote:\n> The scope is not ours\.\n/,
      );
      expect(decline.note.on[0]).toEqual(record);

      const cancelled = await sent();
      await lifecycle.cancel(family, { id: cancelled.id }, ADMIN_ACTOR);
      const cancel = await noteOf(`${family}-cancelled.${cancelled.id}`);
      expect(cancel.note.body).toContain('was cancelled in ProSign.');
      expect(cancel.note.on[0]).toEqual(record);

      const expiring = await sent();
      await lifecycle.expire(family, new Types.ObjectId(expiring.id) as never, new Date());
      const expiry = await noteOf(`${family}-expired.${expiring.id}`);
      expect(expiry.note.body).toContain('expired unsigned.');
      expect(expiry.note.on[0]).toEqual(record);
    });
  });

  it('standard: a hand-over, a cancel, an expiry, and each invoice sent and paid, once, on the deal', async () => {
    const handed = await sendContract(csm, { hsDealId: STANDARD_DEAL });
    const id = String(
      (await connection.collection('agreements').findOne({ token: handed.token }))?._id,
    );
    await signerHttp(api).post('/api/verifyToken').send({ token: handed.token }).expect(200);
    await signerHttp(api)
      .post('/api/signing/hand-over')
      .send({ token: handed.token, ...JANE, note: 'Jane signs contracts for us.' })
      .expect(200);
    const handover = await noteOf(`standard-handed-over-1.${id}`);
    expect(handover.note.on[0]).toEqual({ type: 'deals', id: STANDARD_DEAL });
    expect(handover.note.body).toMatch(
      /: handed over by .+ to Jane Roe on .+\.\n.+ wrote:\n> Jane signs contracts for us\.\n/,
    );
    // A hand-over says nothing of the contract's status: no stage (only the deal's link follows
    // the new signer's, crm-deal-link.integration-spec.ts).
    expect(handover.move.dealstage).toBeNull();

    const fresh = (await agreementOf(id))?.token as string;
    await signStandardAs(api, fresh, JANE.name);
    await moved(`standard-signed.${id}`);

    const sendDeposit = () =>
      admin().post('/api/template/send-deposit-invoice').send({ token: fresh }).expect(200);
    const number = (await sendDeposit()).body.invoiceNumber as string;
    // Sent again and as a reminder: still the one note.
    await sendDeposit();
    await admin()
      .post('/api/template/send-deposit-invoice')
      .send({ token: fresh, isReminder: true })
      .expect(200);
    const invoiceSent = await noteOf(`standard-invoice-sent-deposit.${id}`);
    expect(invoiceSent.note.body).toContain(
      `: Deposit invoice ${number} ($6,250.00) was sent to the client.`,
    );
    const paid = (status: string) =>
      admin()
        .put('/api/invoice/update-status')
        .send({ userId: id, type: 'deposit', status })
        .expect(200);
    await paid('paid');
    await paid('not paid');
    await paid('paid');
    const invoicePaid = await noteOf(`standard-invoice-paid-deposit.${id}`);
    expect(invoicePaid.note.body).toContain(
      `: Deposit invoice ${number} ($6,250.00) was marked paid.`,
    );
    expect(
      await connection
        .collection('crm_stage_moves')
        .countDocuments({ _id: { $regex: `^standard-invoice-.*\\.${id}$` } as never }),
    ).toBe(2);

    // The deal's status is the signature's: the invoice notes moved nothing.
    const deal = await connection.collection('crm_deals').findOne({ _id: STANDARD_DEAL as never });
    expect(deal!.properties).toMatchObject({ prosign_contract_status: 'signed' });
    const notes = [handover, invoiceSent, invoicePaid].map(({ note }) => note);
    const signedNote = (await noteOf(`standard-signed.${id}`)).note;
    expect(new Set([...notes, signedNote].map(titleOf)).size).toBe(1);

    const cancelled = await sendContract(csm, { hsDealId: STANDARD_DEAL });
    const cancelledId = String(
      (await connection.collection('agreements').findOne({ token: cancelled.token }))?._id,
    );
    await lifecycle.cancel('standard', { id: cancelledId }, ADMIN_ACTOR);
    expect((await noteOf(`standard-cancelled.${cancelledId}`)).note.body).toContain(
      'was cancelled in ProSign.',
    );

    const expiring = await sendContract(csm, { hsDealId: STANDARD_DEAL });
    const expiringId = (await connection
      .collection('agreements')
      .findOne({ token: expiring.token }))!._id;
    await lifecycle.expire('standard' as AgreementFamily, expiringId as never, new Date());
    expect((await noteOf(`standard-expired.${String(expiringId)}`)).note.body).toContain(
      'expired unsigned.',
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
