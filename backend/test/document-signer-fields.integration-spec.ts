import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  EMAIL_CODE_PROOF_HEADER,
  SIGNED_FIELD_VALUE,
  type CrmRecordActivityView,
  type DocumentAttachmentInfo,
  type DocumentSigningView,
  type Field,
} from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { CaptchaPassService } from '../src/modules/captcha';
import { DocumentReadAccess } from '../src/modules/documents';
import { tokenOfLink } from './support/conformance/signer';
import {
  documentDraftOf,
  documentSendForm,
  taggedDocumentPdf,
} from './support/document-family-fixtures';
import { seedBaseData } from './support/seed';
import { pdfText } from './support/pdf-text';
import { waitFor } from './support/wait-for';
import {
  countersignAs,
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sealedFinish,
  SIGNING_ORIGIN,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const LUIS = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com' };
const FIRM = { name: 'Dana Whitfield', email: 'admin@prosign.example' };
/** A deal of the local CRM's demo data: the signed document's files go onto it. */
const DEAL = '40000011';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(300, 0x20),
  Buffer.from('%%EOF\n'),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100, 1)]);

/** The first signer's own fields besides signature and date, and the second's. */
const EXTRA_TAGS = [
  '{{text:1:Company name}}',
  '{{attachment:1:Insurance certificate:types=application/pdf|image/png:maxbytes=2kb}}',
  '{{checkbox:1:I agree:required}}',
  '{{text:2:Title:optional}}',
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A "document" signer's own calls: the fields they fill on the uploaded PDF, checked value by
 * value; attachments typed by their content, checked against their field and replaced; the
 * finish refused while a required field is not done; and what they filled placed with their
 * signature in the document record. Staff read an attachment only as a download.
 */
describe('document signers: field values, attachments and the finish', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let admin: StaffHttp;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    admin = await staffHttp(api);
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  /** A signer's browser on one link: its captcha pass, every call from the signing app. */
  function signerAt(customId: string) {
    const pass = api.get(CaptchaPassService).issue({ linkToken: customId, ip: '127.0.0.1' }).pass;
    const http = () => request(api.getHttpServer());
    const at = (call: string) => `/api/document/${call}/${encodeURIComponent(customId)}`;
    let proof: string | null = null;
    const headers = (test: request.Test) => {
      test.set('origin', SIGNING_ORIGIN).set('X-Captcha-Pass', pass);
      return proof ? test.set(EMAIL_CODE_PROOF_HEADER, proof) : test;
    };
    return {
      /**
       * The proof a verified e-mail code answers, issued here (the code's own mail and check are
       * email-code.integration-spec's): for this link, this pass and the document.
       */
      proveEmailCode: (docId: string) => {
        const expiresAt = new Date(Date.now() + 10 * 60_000);
        proof = api.get(DocumentReadAccess).issueProof(customId, pass, docId, expiresAt).proof;
      },
      view: () => headers(http().get(at('fields'))),
      pdf: () => headers(http().get(at('pdf'))),
      save: (values: Record<string, unknown>) =>
        headers(http().put(at('field-values'))).send({ values }),
      attach: (fieldId: string, bytes: Buffer, filename: string) =>
        headers(http().post(at('attachments')))
          .field('fieldId', fieldId)
          .attach('file', bytes, { filename, contentType: 'application/pdf' }),
      open: () => headers(http().post(at('increase-viewed-times'))),
      saveSignature: (name: string) =>
        headers(http().post(at('upload-text-signature'))).send({ textSignature: name }),
      finish: () => headers(http().post(at('finish'))).send({ agreedToTerms: true }),
      handOver: (to: { name: string; email: string }) =>
        headers(http().post(at('hand-over'))).send({ ...to, note: 'Our director signs.' }),
    };
  }

  /** Uploads the tagged PDF, makes the document and sends it to Priya, then Luis. */
  async function sentDocument() {
    const pdf = await taggedDocumentPdf({ signers: 2, extraTags: EXTRA_TAGS });
    const draft = await documentDraftOf(admin, pdf);
    const created = await admin().post('/api/document/create-contract').send({ draftId: draft.id });
    expect([200, 201]).toContain(created.status);
    const docLink = created.body.docLink as string;
    const sent = await admin()
      .post('/api/document/send-contract')
      .send({
        ...documentSendForm({ deal_id: DEAL }),
        docLink,
        additional_signers: [LUIS],
        signing_order: 'sequential',
      })
      .expect(200);
    const agreementId = String(sent.body._id);
    const stored = await connection
      .collection('agreements')
      .findOne({ _id: new Types.ObjectId(agreementId) });
    const luis = (stored?.recipients as Array<{ id: string; token: string }>).find(
      (recipient) => recipient.id === 'signer-2',
    );
    return {
      agreementId,
      docId: docLink.split('/d/')[1].split('/')[0],
      priya: tokenOfLink('document', sent.body.signaturePageLink as string),
      luis: luis!.token,
    };
  }

  const fieldOf = (view: DocumentSigningView, label: string): Field => {
    const field = view.fields.find((candidate) => candidate.label === label);
    if (!field) throw new Error(`no field labelled ${label}`);
    return field;
  };
  const signatureFieldOf = (view: DocumentSigningView, recipientId: string): Field =>
    view.fields.find((f) => f.kind === 'signature' && f.recipientId === recipientId)!;
  const documentRecord = (docId: string) =>
    connection.collection('documents').findOne({ _id: docId as never });
  const storedAttachmentFiles = (attachmentId: string) =>
    connection.collection('stored_files').countDocuments({ 'metadata.attachmentId': attachmentId });

  it('shows each recipient their fields, checks every value and attachment, and places what they filled with their signature', async () => {
    const sent = await sentDocument();
    const priya = signerAt(sent.priya);
    const luis = signerAt(sent.luis);

    // Luis's link does nothing before his turn.
    await luis.view().expect(409);

    const view = (await priya.view().expect(200)).body as DocumentSigningView;
    expect(view.recipientId).toBe('signer-1');
    expect(view.pdfUrl).toBe(`/api/document/pdf/${encodeURIComponent(sent.priya)}`);
    expect(view.recipients.map((r) => [r.id, r.name, r.signed])).toEqual([
      ['signer-1', 'Priya Natarajan', false],
      ['signer-2', LUIS.name, false],
    ]);
    // Everyone's fields, Luis's included (shown as "for Luis Alvarez").
    expect(view.fields.some((field) => field.recipientId === 'signer-2')).toBe(true);
    expect(view.values).toEqual({});
    expect(view.timeZone).toBeTruthy();
    const company = fieldOf(view, 'Company name');
    const insurance = fieldOf(view, 'Insurance certificate');
    const agree = fieldOf(view, 'I agree');
    const title = fieldOf(view, 'Title');
    const signature = signatureFieldOf(view, 'signer-1');

    // The finish is refused, each required field named, nothing done.
    const refused = await priya.finish().expect(400);
    expect(refused.body.message).toEqual(
      expect.arrayContaining([
        'Fill in “Company name” on page 1.',
        'Fill in “Insurance certificate” on page 1.',
        'Fill in “I agree” on page 1.',
        'Fill in the signature field on page 1.',
      ]),
    );

    // A save with any bad value saves nothing and names each problem.
    const bad = await priya
      .save({
        [company.id]: 'Acme Shoring, Inc.',
        [agree.id]: 'yes',
        [title.id]: 'Owner',
        [signature.id]: SIGNED_FIELD_VALUE,
        [insurance.id]: 'some-file',
      })
      .expect(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining([
        '“I agree” on page 1 is ticked or not.',
        'There is no field “' + title.id + '” for you to fill.',
        'Save your signature before the signature field on page 1.',
        'Upload the file for “Insurance certificate” on page 1 again.',
      ]),
    );
    expect(((await priya.view().expect(200)).body as DocumentSigningView).values).toEqual({});

    const saved = await priya
      .save({ [company.id]: 'Acme Shoring, Inc.', [agree.id]: true })
      .expect(200);
    expect(saved.body.values).toEqual({ [company.id]: 'Acme Shoring, Inc.', [agree.id]: true });
    expect(saved.body.progress).toEqual({ done: 2, required: 4 });

    // Typed by content: a PNG named .pdf is a PNG.
    const png = await priya.attach(insurance.id, PNG, 'certificate.pdf').expect(200);
    const first = png.body as DocumentAttachmentInfo;
    expect(first).toMatchObject({
      fieldId: insurance.id,
      name: 'certificate.pdf',
      type: 'image/png',
      bytes: PNG.length,
      sha256: sha256(PNG),
    });
    // Replaced before finishing: the first file is gone.
    const second = (await priya.attach(insurance.id, PDF, 'certificate (2).pdf').expect(200))
      .body as DocumentAttachmentInfo;
    expect(second.type).toBe('application/pdf');
    expect(await storedAttachmentFiles(first.id)).toBe(0);
    expect(await storedAttachmentFiles(second.id)).toBe(1);

    // Refused with the reason, nothing stored: a type the field does not take, too big, not a
    // file anybody can tell, a field that is not an attachment field of hers.
    const gif = await priya.attach(insurance.id, GIF, 'photo.png').expect(400);
    expect(gif.body.message).toMatch(/image\/gif.*takes application\/pdf, image\/png files/);
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024, 0x20)]);
    const tooBig = await priya.attach(insurance.id, big, 'big.pdf').expect(413);
    expect(tooBig.body.message).toMatch(/at most 2 KB/);
    await priya.attach(insurance.id, Buffer.from('just some text'), 'notes.pdf').expect(400);
    await priya.attach(company.id, PDF, 'company.pdf').expect(400);
    await priya.attach(title.id, PDF, 'title.pdf').expect(400);
    expect((await priya.attach('', PDF, 'which.pdf').expect(400)).body.message).toBe(
      'Say which field the file is for (fieldId).',
    );
    expect(
      await connection.collection('stored_files').countDocuments({
        'metadata.kind': 'signer-attachment',
        'metadata.agreementId': sent.agreementId,
      }),
    ).toBe(1);

    const afterUploads = (await priya.view().expect(200)).body as DocumentSigningView;
    expect(afterUploads.values[insurance.id]).toBe(second.id);
    expect(afterUploads.attachments[insurance.id]).toEqual(second);

    await priya.open().expect(200);
    await priya.saveSignature('Priya Natarajan').expect(200);
    await priya.save({ [signature.id]: SIGNED_FIELD_VALUE }).expect(200);
    const finished = await priya.finish().expect(200);
    expect(finished.body.status).toBe('signed');

    // Her values went with her signature, in the document record.
    const record = await documentRecord(sent.docId);
    expect(record?.signatures?.['signer-1']).toBeTruthy();
    expect(record?.fieldValues?.['signer-1']).toEqual({
      name: 'Priya Natarajan',
      email: 'priya.natarajan@example.com',
      values: {
        [company.id]: 'Acme Shoring, Inc.',
        [agree.id]: true,
        [insurance.id]: second.id,
        [signature.id]: SIGNED_FIELD_VALUE,
      },
      attachments: {
        [insurance.id]: {
          id: second.id,
          fileId: expect.any(String),
          name: 'certificate (2).pdf',
          type: 'application/pdf',
          bytes: PDF.length,
          sha256: sha256(PDF),
        },
      },
    });
    // Finished: her values can no longer change.
    await priya.save({ [company.id]: 'Someone else' }).expect(409);

    // Luis's turn: he sees Priya signed, fills only his own fields.
    const luisView = (await luis.view().expect(200)).body as DocumentSigningView;
    expect(luisView.recipientId).toBe('signer-2');
    expect(luisView.recipients.find((r) => r.id === 'signer-1')?.signed).toBe(true);
    expect(luisView.attachments).toEqual({});
    const notHis = await luis.save({ [company.id]: 'Mine now' }).expect(400);
    expect(notHis.body.message).toEqual([`There is no field “${company.id}” for you to fill.`]);
    await luis.attach(insurance.id, PDF, 'mine.pdf').expect(400);

    // The PDF as it stands, for this link only, never cached.
    const pdf = await luis.pdf().expect(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

    // Staff read an attachment as a download only; others with no documents flag not at all.
    const download = await admin()
      .get(`/api/document/attachments/${sent.agreementId}/${second.id}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(sha256(download.body as Buffer)).toBe(sha256(PDF));
    await admin().get(`/api/document/attachments/${sent.agreementId}/${first.id}`).expect(404);
    const pm = await staffHttp(api, 'pm@prosign.example');
    await pm().get(`/api/document/attachments/${sent.agreementId}/${second.id}`).expect(403);
    // Signers never reach the staff download.
    await request(api.getHttpServer())
      .get(`/api/document/attachments/${sent.agreementId}/${second.id}`)
      .set('origin', SIGNING_ORIGIN)
      .expect(401);

    // The last signature seals it: the certificate lists Priya's file with its size and hash.
    await luis.open().expect(200);
    await luis.saveSignature('Luis Alvarez').expect(200);
    await luis.save({ [signatureFieldOf(luisView, 'signer-2').id]: SIGNED_FIELD_VALUE });
    await luis.finish().expect(200);
    const sealed = await sealedFinish(worker, sent.agreementId);
    const trailId = sealed.auditTrailDocLink.split('/d/')[1].split('/')[0];
    expect((await documentRecord(trailId))?.auditTrail?.attachments).toEqual([
      {
        recipient: 'Priya Natarajan <priya.natarajan@example.com>',
        fieldLabel: 'Insurance certificate',
        fileName: 'certificate (2).pdf',
        bytes: PDF.length,
        sha256: sha256(PDF),
      },
    ]);
    const sealedPdf = await admin().get(new URL(sealed.signedDocLink).pathname).expect(200);
    expect(await pdfText(sealedPdf.body as Buffer)).toContain(sha256(PDF));

    // The linked deal gets the attachment too, beside the sealed PDF, on the signed note.
    const deal = await waitFor(
      async () =>
        (await admin().get(`/api/admin/crm/records/deals/${DEAL}`).expect(200))
          .body as CrmRecordActivityView,
      (found) => found.files.some((file) => file.name.endsWith('attachment 1 certificate (2).pdf')),
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const filed = deal.files.find((file) => file.name.endsWith('certificate (2).pdf'))!;
    expect(filed.size).toBe(PDF.length);
    const crmCopy = await admin().get(`/api/admin/crm/files/${filed.id}`).expect(200);
    expect(sha256(Buffer.from(crmCopy.body as Buffer))).toBe(sha256(PDF));
  });

  it('one signer: her values go with the signature the seal places, behind the e-mail code', async () => {
    const pdf = await taggedDocumentPdf({ signers: 1, extraTags: ['{{text:1:Company name}}'] });
    const draft = await documentDraftOf(admin, pdf);
    const created = await admin().post('/api/document/create-contract').send({ draftId: draft.id });
    const docLink = created.body.docLink as string;
    const sent = await admin()
      .post('/api/document/send-contract')
      .send({ ...documentSendForm(), docLink, require_email_code: true })
      .expect(200);
    const customId = tokenOfLink('document', sent.body.signaturePageLink as string);
    const priya = signerAt(customId);
    // Behind the e-mail code, as every signer call of the link.
    await priya.view().expect(403);
    await priya.save({}).expect(403);
    await priya.pdf().expect(403);
    priya.proveEmailCode(docLink.split('/d/')[1].split('/')[0]);

    const view = (await priya.view().expect(200)).body as DocumentSigningView;
    const company = fieldOf(view, 'Company name');
    await priya.open().expect(200);
    await priya.saveSignature('Priya Natarajan').expect(200);
    await priya.save({ [signatureFieldOf(view, 'signer-1').id]: SIGNED_FIELD_VALUE }).expect(200);
    expect((await priya.finish().expect(400)).body.message).toEqual([
      'Fill in “Company name” on page 1.',
    ]);
    await priya.save({ [company.id]: 'Acme Shoring, Inc.' }).expect(200);
    await priya.finish().expect(200);
    await sealedFinish(worker, customId);
    const record = await documentRecord(docLink.split('/d/')[1].split('/')[0]);
    expect(record?.signature).toBeTruthy();
    expect(record?.fieldValues?.['signer-1']?.values).toEqual({
      [company.id]: 'Acme Shoring, Inc.',
      [signatureFieldOf(view, 'signer-1').id]: SIGNED_FIELD_VALUE,
    });
  });

  it('a place handed over starts empty: what the first person filled or attached is not the new signer’s', async () => {
    const sent = await sentDocument();
    const priya = signerAt(sent.priya);
    const view = (await priya.view().expect(200)).body as DocumentSigningView;
    const company = fieldOf(view, 'Company name');
    const insurance = fieldOf(view, 'Insurance certificate');
    await priya.save({ [company.id]: 'Acme Shoring, Inc.' }).expect(200);
    const attached = (await priya.attach(insurance.id, PDF, 'mine.pdf').expect(200))
      .body as DocumentAttachmentInfo;

    await priya.handOver({ name: 'Omar Haddad', email: 'omar.haddad@example.com' }).expect(200);
    const stored = await connection
      .collection('agreements')
      .findOne({ _id: new Types.ObjectId(sent.agreementId) });
    const omar = signerAt(stored?.token as string);
    const fresh = (await omar.view().expect(200)).body as DocumentSigningView;
    expect(fresh.values).toEqual({});
    expect(fresh.attachments).toEqual({});
    await omar.save({ [company.id]: 'Haddad & Sons' }).expect(200);
    // Priya's file went with her place's first save by Omar.
    expect(await storedAttachmentFiles(attached.id)).toBe(0);
    expect(((await omar.view().expect(200)).body as DocumentSigningView).values).toEqual({
      [company.id]: 'Haddad & Sons',
    });
  });

  it("stamps the countersigner's fields from the countersignature, with nothing to fill", async () => {
    const pdf = await taggedDocumentPdf({ signers: 1, firm: true });
    const draft = await documentDraftOf(admin, pdf);
    const created = await admin().post('/api/document/create-contract').send({ draftId: draft.id });
    const docLink = created.body.docLink as string;
    const sent = await admin()
      .post('/api/document/send-contract')
      .send({ ...documentSendForm(), docLink, countersigner: { email: FIRM.email } })
      .expect(200);
    const agreementId = String(sent.body._id);
    const priya = signerAt(tokenOfLink('document', sent.body.signaturePageLink as string));
    const view = (await priya.view().expect(200)).body as DocumentSigningView;
    expect(view.recipients.map((r) => [r.id, r.role])).toEqual([
      ['signer-1', 'signer'],
      ['firm', 'countersigner'],
    ]);
    await priya.open().expect(200);
    // Her saved signature signs her signature field: nothing else to fill.
    await priya.saveSignature('Priya Natarajan').expect(200);
    await priya.finish().expect(200);
    const signedFirst = await documentRecord(docLink.split('/d/')[1].split('/')[0]);
    expect(signedFirst?.fieldValues?.['signer-1']?.values).toEqual({
      [signatureFieldOf(view, 'signer-1').id]: SIGNED_FIELD_VALUE,
    });

    await countersignAs(admin, agreementId, FIRM.name);
    const record = await documentRecord(docLink.split('/d/')[1].split('/')[0]);
    expect(record?.signatures?.firm).toBeTruthy();
    expect(record?.fieldValues?.firm).toEqual({
      name: expect.any(String),
      email: FIRM.email,
      values: { [signatureFieldOf(view, 'firm').id]: SIGNED_FIELD_VALUE },
      attachments: {},
    });
    await sealedFinish(worker, agreementId);
  });
});
