import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { paymentClauseText, STANDARD_TEMPLATE_DOC_IDS, title24ClauseText } from '@prosign/domain';
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import request from 'supertest';
import { DocumentRepository } from '../src/integrations/documents/store/document.repository';
import { DerivedDocumentsService } from '../src/modules/documents/derived-documents.service';
import { DocumentsService } from '../src/modules/documents/documents.service';
import { contractFormData, documentModel, seedTemplates } from './support/document-fixtures';
import { checkPdfSeal } from './support/pdf-signature';
import { pdfPagesText, pdfText } from './support/pdf-text';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const PUBLIC_API_URL = 'https://prosign.example.com';
const LEFTOVER_PLACEHOLDER = /\$[A-Za-z_]+/;

/** Reads a binary response body into a Buffer. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('document engine: templates → PDF, signatures, audit trail, merge, seal, void', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let documents: DocumentsService;
  let derivedDocuments: DerivedDocumentsService;
  let repository: DocumentRepository;

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config));
    http = await staffHttp(api);
    worker = await startWorker(env.config);
    await seedTemplates(api);
    documents = api.get(DocumentsService, { strict: false });
    derivedDocuments = api.get(DerivedDocumentsService, { strict: false });
    repository = api.get(DocumentRepository, { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  let http: StaffHttp;
  const pathOf = (docLink: string) => new URL(docLink).pathname;
  const templateLink = (id: string) => `${PUBLIC_API_URL}/api/documents/d/${id}/edit`;

  async function getPdf(docLink: string): Promise<Buffer> {
    const res = await http().get(pathOf(docLink)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="/);
    return res.body as Buffer;
  }

  async function createContract(
    formOverrides: Record<string, unknown> = {},
    templateId: string = STANDARD_TEMPLATE_DOC_IDS.default,
  ) {
    const res = await http()
      .post('/api/template/create-contract')
      .send({ docLink: templateLink(templateId), formData: contractFormData(formOverrides) })
      .expect(201);
    return (res.body as { docLink: string }).docLink;
  }

  it('seeding is idempotent and the seeded template opens as a PDF in the browser', async () => {
    await seedTemplates(api);
    expect(await documentModel(api).countDocuments({ kind: 'template' })).toBe(4);

    const pdf = await getPdf(
      `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/preview`,
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A template shows its placeholders.
    expect(await pdfText(pdf)).toContain('$full_name');
  });

  it('creates a standard agreement with every placeholder filled, the clauses from libs/domain, letterhead and page numbers', async () => {
    const docLink = await createContract();
    expect(docLink).toMatch(
      new RegExp(`^${PUBLIC_API_URL}/api/documents/d/[A-Za-z0-9_-]{22}/edit$`),
    );

    const pages = await pdfPagesText(await getPdf(docLink.replace(/edit$/, 'preview')));
    const text = pages.join('\n').replace(/\s+/g, ' ');
    expect(text).not.toMatch(LEFTOVER_PLACEHOLDER);
    expect(text).toContain('PROFESSIONAL ENGINEERING SERVICES AGREEMENT');
    expect(text).toContain('Bayline Engineering Group, Inc.');
    expect(text).toContain('Alvarez Family Trust');
    expect(text).toContain('2215 Larkin Street, San Francisco, CA 94109');
    expect(text).toContain(
      paymentClauseText({ cost: 12500, deposit: 6250, progress: 0, balance: 6250 }),
    );
    expect(text).toContain(title24ClauseText(2));
    expect(text).toContain('Name: Maria Elena Alvarez');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain('Client initials');
    });
  });

  it('uses the Drafting Services template and the clause texts edited in the editor', async () => {
    const docLink = await createContract(
      {
        serviceType: 'Drafting Services',
        t24ReportCount: 0,
        contract_data: {
          agreementTitle: 'Drafting Agreement for $full_name',
          engineerBasicService: 'Measured drawings of the existing garage at $site_address only.',
        },
      },
      STANDARD_TEMPLATE_DOC_IDS.draftingServices,
    );
    const text = await pdfText(await getPdf(docLink));
    expect(text).toContain('DRAFTING AGREEMENT FOR MARIA ELENA ALVAREZ');
    expect(text).toContain('Measured drawings of the existing garage at 2215 Larkin Street only.');
    expect(text).toContain('drafting services');
    expect(text).not.toContain('Title 24 report(s)');
    expect(text).not.toMatch(LEFTOVER_PLACEHOLDER);
  });

  it('renders in the documents queue, and generate-pdf returns the same bytes every time', async () => {
    const docLink = await createContract();
    const docId = docLink.split('/d/')[1].split('/')[0];
    const stored = await waitFor(
      () => repository.findPdf(docId, 1),
      (found) => found !== null,
    );

    const download = async () =>
      (
        await http()
          .post('/api/template/generate-pdf')
          .send({ originalDocId: docId })
          .buffer(true)
          .parse(binary)
          .expect(200)
          .expect('content-type', 'application/pdf')
          .expect(
            'content-disposition',
            /^attachment; filename="Professional Engineering Services Agreement.pdf"/,
          )
      ).body as Buffer;
    const first = await download();
    const second = await download();
    expect(first.equals(second)).toBe(true);
    expect(createHash('sha256').update(first).digest('hex')).toBe(stored?.sha256);
    // Rendering the same record again from scratch gives the same bytes (idempotent jobs).
    await repository.deletePdf(docId, 1);
    expect((await download()).equals(first)).toBe(true);
  });

  it.each([
    [
      'an unknown template',
      { docLink: templateLink('no-such-template'), formData: contractFormData() },
      404,
      'Template document no-such-template not found',
    ],
    [
      'a malformed docLink',
      { docLink: 'https://example.com/documents/x', formData: contractFormData() },
      400,
      'Invalid document link.',
    ],
    [
      'a cost of 0',
      {
        docLink: templateLink(STANDARD_TEMPLATE_DOC_IDS.default),
        formData: contractFormData({ cost: 0 }),
      },
      400,
      ['formData.Cost must be a number greater than 0.'],
    ],
    [
      'no CSM email',
      {
        docLink: templateLink(STANDARD_TEMPLATE_DOC_IDS.default),
        formData: contractFormData({ csm_email: '' }),
      },
      400,
      ['formData.CSM email is required.'],
    ],
    [
      'no form data',
      { docLink: templateLink(STANDARD_TEMPLATE_DOC_IDS.default) },
      400,
      ['formData is required'],
    ],
    [
      'an edited clause naming an unknown placeholder',
      {
        docLink: templateLink(STANDARD_TEMPLATE_DOC_IDS.default),
        formData: contractFormData({ contract_data: { engineerFee: 'Fee: $secret_discount' } }),
      },
      400,
      'Missing data for the template placeholders: $secret_discount',
    ],
  ])('refuses %s with a clear error and creates nothing', async (_case, body, status, message) => {
    const before = await documentModel(api).countDocuments({ kind: 'contract' });
    const res = await http().post('/api/template/create-contract').send(body).expect(status);
    expect(res.body).toMatchObject({ statusCode: status, message });
    expect(await documentModel(api).countDocuments({ kind: 'contract' })).toBe(before);
  });

  it('answers 404 for an unknown document or view, and 400 for a bad id', async () => {
    await http().get('/api/documents/d/0123456789abcdef01234567/view').expect(404);
    await http().get(`/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/download`).expect(404);
    const res = await http()
      .post('/api/template/generate-pdf')
      .send({ originalDocId: 'bad id!' })
      .expect(400);
    expect(res.body.message).toBe('Invalid document link.');
  });

  it('places the signature and initials, builds the audit trail, merges and seals the final PDF', async () => {
    const docLink = await createContract();
    const unsigned = await getPdf(docLink);
    const signedAt = new Date('2026-03-14T17:26:53Z');
    await documents.placeSignature({
      document: docLink,
      contractKind: 'standard',
      signerName: 'Maria Elena Alvarez',
      signature: { text: 'Maria Elena Alvarez' },
      signedAt,
    });
    const signed = await getPdf(docLink);
    expect(signed.equals(unsigned)).toBe(false);
    const signedText = await pdfText(signed);
    expect(signedText).toContain('2026-03-14 10:26:53 PST');
    // The signature and the initials image, each with its alpha mask, embedded once and drawn on every page.
    expect(signed.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(4);

    const events = [
      {
        type: 'created' as const,
        at: new Date('2026-03-10T16:00:00Z'),
        ip: '203.0.113.10',
        actor: 'csm@prosign.test',
      },
      {
        type: 'sent' as const,
        at: new Date('2026-03-10T16:05:00Z'),
        ip: '203.0.113.10',
        actor: 'csm@prosign.test',
      },
      {
        type: 'viewed' as const,
        at: new Date('2026-03-11T02:15:00Z'),
        ip: '198.51.100.23',
        device: 'phone' as const,
      },
      { type: 'reminder_sent' as const, at: new Date('2026-03-12T16:00:00Z'), actor: 'system' },
      {
        type: 'resent' as const,
        at: new Date('2026-03-13T16:00:00Z'),
        ip: '203.0.113.10',
        actor: 'csm@prosign.test',
      },
      {
        type: 'viewed' as const,
        at: new Date('2026-03-14T17:20:00Z'),
        ip: '198.51.100.77',
        device: 'desktop' as const,
      },
      {
        type: 'signature_saved' as const,
        at: new Date('2026-03-14T17:25:10Z'),
        ip: '198.51.100.77',
      },
      { type: 'signed' as const, at: signedAt, ip: '198.51.100.77' },
    ];
    const token = 'tok_0123456789abcdef';
    const trail = await derivedDocuments.createAuditTrail({
      agreement: docLink,
      documentTitle: 'Professional Engineering Services Agreement',
      signer: { name: 'Maria Elena Alvarez', email: 'maria.alvarez@example.com' },
      events,
      contractToken: token,
    });
    const trailText = await pdfText(await getPdf(trail.docLink));
    for (const label of [
      'Document created',
      'Sent for signature',
      'Viewed',
      'Reminder sent',
      'Resent',
      'Signature saved',
      'Signed',
    ]) {
      expect(trailText).toContain(label);
    }
    expect(trailText).toContain('on phone');
    expect(trailText).toContain('on desktop');
    expect(trailText).toContain('198.51.100.77');
    expect(trailText).toContain('2026-03-10 09:00:00 PST');
    expect(trailText).toContain('maria.alvarez@example.com');
    expect(trailText).toContain(createHash('sha256').update(signed).digest('hex'));

    // The completion pipeline's merge (staff cannot call it: signed-agreement-seal spec).
    const merge = () => derivedDocuments.mergeDocuments(docLink, trail.docLink, token);
    const { combinedDocLink } = await merge();
    expect(combinedDocLink).toMatch(
      new RegExp(`^${PUBLIC_API_URL}/api/documents/d/[A-Za-z0-9_-]{22}/view$`),
    );
    expect((await merge()).combinedDocLink).toBe(combinedDocLink);

    const combined = await getPdf(combinedDocLink);
    const combinedPages = await pdfPagesText(combined);
    const agreementPages = (await pdfPagesText(signed)).length;
    expect(combinedPages.length).toBeGreaterThan(agreementPages);
    expect(combinedPages[0]).toContain('PROFESSIONAL ENGINEERING SERVICES AGREEMENT');
    expect(combinedPages[agreementPages]).toContain('AUDIT TRAIL');

    const seal = checkPdfSeal(combined);
    expect(seal).toMatchObject({
      digestMatches: true,
      signatureValid: true,
      coversWholeFile: true,
    });
    // Issued by the local root (the one that also issues the local time-stamp authority's).
    expect(seal.signerCommonName).toBe('ProSign Document Seal (local)');

    // Any change after sealing shows: flip one byte of the signed content.
    const tampered = Buffer.from(combined);
    const at = tampered.indexOf('AUDIT', 0, 'latin1');
    tampered[at > 0 ? at : 200] ^= 0x01;
    expect(checkPdfSeal(tampered).digestMatches).toBe(false);
  });

  it('stamps a signature onto the stored unsigned layout, the same signed PDF as laying the text out again', async () => {
    const docLink = await createContract();
    const docId = docLink.split('/d/')[1].split('/')[0];
    await getPdf(docLink); // what the signer opened: the unsigned layout, stored
    await documents.placeSignature({
      document: docLink,
      contractKind: 'standard',
      signerName: 'Maria Elena Alvarez',
      signature: { text: 'Maria Elena Alvarez' },
      signedAt: new Date('2026-03-14T17:26:53Z'),
    });
    // A change to the text from here on would show only in a fresh layout (the text never
    // changes after creation): the signed PDF must come from the stored one.
    const record = await repository.find(docId);
    const content = record?.content as { title: string };
    await documentModel(api).updateOne(
      { _id: docId },
      { $set: { 'content.title': `${content.title} (laid out again)` } },
    );
    const stamped = await getPdf(docLink);
    expect(await pdfText(stamped)).not.toContain('(laid out again)');
    expect(await pdfText(stamped)).toContain('2026-03-14 10:26:53 PST');

    // Without the stored layout the text is laid out again: with the original text, the same bytes.
    await documentModel(api).updateOne(
      { _id: docId },
      { $set: { 'content.title': content.title } },
    );
    await repository.deletePdf(docId, 1);
    await repository.deletePdf(docId, 2);
    expect((await getPdf(docLink)).equals(stamped)).toBe(true);
  });

  it('stamps VOID on every page with the date and the acting user', async () => {
    const docLink = await createContract();
    const { docLink: voidLink } = await derivedDocuments.voidDocument(
      docLink,
      'admin@prosign.test',
      new Date('2026-04-02T19:45:00Z'),
    );
    const pages = await pdfPagesText(await getPdf(voidLink));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page).toContain('VOID');
      expect(page).toContain('VOIDED 2026-04-02 12:45:00 PST by admin@prosign.test');
    }
  });

  it('refuses merging an unknown document', async () => {
    await expect(
      derivedDocuments.mergeDocuments(
        `${PUBLIC_API_URL}/api/documents/d/0123456789abcdef01234567/view`,
        templateLink(STANDARD_TEMPLATE_DOC_IDS.default),
        't',
      ),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Document 0123456789abcdef01234567 not found',
    });
  });

  it('refuses signature uploads that are not PNG, too large or not decodable, and leaves the document unsigned', async () => {
    const docLink = await createContract();
    const docId = docLink.split('/d/')[1].split('/')[0];
    const valid = PNG.sync.write(new PNG({ width: 300, height: 150 }));
    const upload = (originalname: string, buffer: Buffer) =>
      documents.placeSignature({
        document: docLink,
        contractKind: 'standard',
        signerName: 'Maria Elena Alvarez',
        signature: { image: { originalname, size: buffer.length, buffer } },
        signedAt: new Date(),
      });
    await expect(upload('signature.jpg', valid)).rejects.toMatchObject({
      status: 400,
      message: 'Only .png signature images are accepted.',
    });
    await expect(
      upload('signature.png', Buffer.from('GIF89a not a png at all....................')),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(upload('signature.png', Buffer.alloc(1024 * 1024 + 1))).rejects.toMatchObject({
      status: 413,
      message: 'The signature image must be at most 1 MB.',
    });
    expect((await repository.find(docId))?.signature).toBeUndefined();

    await upload('signature.png', valid);
    expect(await repository.find(docId)).toMatchObject({
      revision: 2,
      signature: expect.any(Object),
    });
  });
});
