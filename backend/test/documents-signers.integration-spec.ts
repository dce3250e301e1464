import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { STANDARD_TEMPLATE_DOC_IDS } from '@prosign/domain';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { SignatureParties, SignatureSlot } from '../src/integrations/documents';
import { renderAgreement } from '../src/integrations/documents';
import { DocumentRepository } from '../src/integrations/documents/store/document.repository';
import type { AgreementContent } from '../src/integrations/documents/document-content';
import { DerivedDocumentsService } from '../src/modules/documents/derived-documents.service';
import { DocumentLayoutService } from '../src/modules/documents/document-layout.service';
import { DocumentPdfService } from '../src/modules/documents/document-pdf.service';
import { DocumentsService } from '../src/modules/documents/documents.service';
import { contractFormData, documentModel, seedTemplates } from './support/document-fixtures';
import { pdfPagesText, pdfText } from './support/pdf-text';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const PUBLIC_API_URL = 'https://prosign.example.com';
const TEMPLATE_LINK = `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`;

interface TextItem {
  page: number;
  text: string;
  x: number;
  y: number;
}

/** Every text run of a PDF with its page (0-based) and position in PDF points, by pdf.js. */
function pdfTextItems(pdf: Buffer): Promise<TextItem[]> {
  const script = `
    import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
    const items = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) {
        if ('str' in item && item.str.trim()) {
          items.push({ page: n - 1, text: item.str, x: item.transform[4], y: item.transform[5] });
        }
      }
    }
    process.stdout.write(JSON.stringify(items));`;
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      { maxBuffer: 64 * 1024 * 1024, cwd: join(__dirname, 'support') },
      (error, stdout, stderr) =>
        error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout)),
    );
    child.stdin?.end(pdf);
  });
}

const inside = (item: TextItem, slot: SignatureSlot) =>
  item.page === slot.page &&
  item.x >= slot.x - 1 &&
  item.x <= slot.x + slot.width &&
  item.y >= slot.y - 1 &&
  item.y <= slot.y + slot.height;

const PARTIES: SignatureParties = {
  signers: [
    { recipientId: 'signer-1', name: 'Maria Elena Alvarez' },
    { recipientId: 'signer-2', name: 'Luis Alvarez' },
  ],
  countersigner: { recipientId: 'firm-1', name: 'Dana Whitfield', title: 'Principal Engineer' },
};

/** Each party's signing time and how it prints in Pacific time (always labelled PST). */
const SIGNED = {
  'signer-1': { at: new Date('2026-03-14T17:26:53Z'), printed: '2026-03-14 10:26:53 PST' },
  'signer-2': { at: new Date('2026-03-14T18:01:02Z'), printed: '2026-03-14 11:01:02 PST' },
  'firm-1': { at: new Date('2026-03-16T16:30:00Z'), printed: '2026-03-16 09:30:00 PST' },
} as const;
type PartyId = keyof typeof SIGNED;
const NAMES: Record<PartyId, string> = {
  'signer-1': 'Maria Elena Alvarez',
  'signer-2': 'Luis Alvarez',
  'firm-1': 'Dana Whitfield',
};

describe('documents for several signers and the firm’s countersigner', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let documents: DocumentsService;
  let documentPdfs: DocumentPdfService;
  let derivedDocuments: DerivedDocumentsService;
  let documentLayout: DocumentLayoutService;
  let repository: DocumentRepository;

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    await seedTemplates(api);
    documents = api.get(DocumentsService, { strict: false });
    documentPdfs = api.get(DocumentPdfService, { strict: false });
    derivedDocuments = api.get(DerivedDocumentsService, { strict: false });
    documentLayout = api.get(DocumentLayoutService, { strict: false });
    repository = api.get(DocumentRepository, { strict: false });
    http = await staffHttp(api);
  });

  let http: StaffHttp;

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  const docIdOf = (docLink: string) => docLink.split('/d/')[1].split('/')[0];

  async function createContract(signatureParties?: SignatureParties): Promise<string> {
    const { docLink } = await documents.createContract(
      TEMPLATE_LINK,
      contractFormData() as never,
      signatureParties,
    );
    return docLink;
  }

  const place = (docLink: string, recipientId: PartyId | 'nobody') =>
    documents.placeSignature({
      document: docLink,
      contractKind: 'standard',
      signerName: recipientId === 'nobody' ? 'Nobody' : NAMES[recipientId],
      signature: { text: recipientId === 'nobody' ? 'Nobody' : NAMES[recipientId] },
      signedAt: recipientId === 'nobody' ? new Date() : SIGNED[recipientId].at,
      recipientId,
    });

  /** The stored layout's slots of the document's unsigned revision. */
  async function layoutSlots(docId: string): Promise<SignatureSlot[]> {
    const stored = await repository.findPdf(docId, 1);
    if (!stored) throw new Error(`No stored layout for ${docId}`);
    return stored.slots;
  }

  /** Each party's printed date, and only theirs, inside their own date slot; nobody else's. */
  async function expectDates(docLink: string, signed: PartyId[]) {
    const { pdf } = await documentPdfs.pdfOf(docLink);
    const items = await pdfTextItems(pdf);
    const slots = await layoutSlots(docIdOf(docLink));
    for (const id of Object.keys(SIGNED) as PartyId[]) {
      const [slot] = slots.filter((s) => s.kind === 'signedDate' && s.recipientId === id);
      const printed = items.filter((item) => item.text === SIGNED[id].printed);
      if (signed.includes(id)) {
        expect(printed).toHaveLength(1);
        expect(inside(printed[0], slot)).toBe(true);
      } else {
        expect(printed).toEqual([]);
        expect(items.some((item) => inside(item, slot))).toBe(false);
      }
    }
    // Every party's name is printed under their own signature line, on its page.
    for (const id of Object.keys(NAMES) as PartyId[]) {
      const [slot] = slots.filter((s) => s.kind === 'signature' && s.recipientId === id);
      const name = items.find((item) => item.text === `Name: ${NAMES[id]}`);
      expect(name).toMatchObject({ page: slot.page });
      expect(Math.abs((name?.x ?? 0) - slot.x)).toBeLessThan(1);
      expect(name?.y ?? 0).toBeLessThan(slot.y);
    }
    return pdf;
  }

  it('creates the contract with a block per signer and the countersigned firm block, and stamps each signature where it belongs, two at the same moment', async () => {
    const docLink = await createContract(PARTIES);
    const docId = docIdOf(docLink);
    // What the first signer opened: the unsigned layout, stored.
    const unsigned = await documentPdfs.pdfOf(docLink);
    const pages = await pdfPagesText(unsigned.pdf);
    const text = pages.join('\n');
    for (const name of Object.values(NAMES)) expect(text).toContain(`Name: ${name}`);
    expect(text).not.toContain('Daniel R. Whitaker');
    pages.forEach((page) => {
      expect(page).toContain('Client 1 initials');
      expect(page).toContain('Client 2 initials');
    });
    await expectDates(docLink, []);

    // Each party's places on the signing page: their own only.
    const bookmarks = async (id?: string) => documentLayout.signingBookmarks(docLink, id);
    const [first, second, firm] = await Promise.all([
      bookmarks('signer-1'),
      bookmarks('signer-2'),
      bookmarks('firm-1'),
    ]);
    expect(first?.slots).toHaveLength(pages.length + 2);
    expect(second?.slots).toHaveLength(pages.length + 2);
    expect(second?.slots).not.toEqual(first?.slots);
    expect(firm?.slots).toHaveLength(2);
    expect(firm?.initials).toBeNull();
    expect(firm?.signature?.page).toBe(first?.signature?.page);
    // Without a recipient: the single signer's (recipient signer-1), as today.
    expect(await bookmarks()).toEqual(first);

    // The reading view tags each mark with its recipient and lists the parties.
    const reading = await documentLayout.readingOf(docLink);
    expect(reading.marks.filter((mark) => mark.recipientId === 'firm-1')).toHaveLength(2);
    expect(reading.signatureBlock.signers?.map((signer) => signer.name)).toEqual([
      'Maria Elena Alvarez',
      'Luis Alvarez',
    ]);
    expect(reading.signatureBlock.countersigner?.name).toBe('Dana Whitfield');

    // The second signer first, then the first signer and the firm at the same moment.
    await place(docLink, 'signer-2');
    await expectDates(docLink, ['signer-2']);
    await Promise.all([place(docLink, 'signer-1'), place(docLink, 'firm-1')]);
    const record = await repository.find(docId);
    expect(record?.revision).toBe(4);
    expect(Object.keys(record?.signatures ?? {}).sort()).toEqual([
      'firm-1',
      'signer-1',
      'signer-2',
    ]);
    expect(record?.signature).toBeUndefined();

    const signed = await expectDates(docLink, ['signer-1', 'signer-2', 'firm-1']);
    // Stamped onto the stored layout: as many pages, the same text beneath.
    expect(await pdfPagesText(signed)).toHaveLength(pages.length);
    // Both signers' signature and initials and the firm's signature (it initials nothing), each
    // with its alpha mask, embedded once.
    expect(signed.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(10);
    // Reading again gives the same bytes (the stored revision).
    expect((await documentPdfs.pdfOf(docLink)).pdf.equals(signed)).toBe(true);

    // The audit trail lists every party and names each on their events (sealing: documents spec).
    const token = 'tok_several_signers_0001';
    const signedAs = (id: PartyId) => ({ signed: true, signedAt: SIGNED[id].at });
    const trail = await derivedDocuments.createAuditTrail({
      agreement: docLink,
      documentTitle: 'Professional Engineering Services Agreement',
      signer: { name: NAMES['signer-1'], email: 'maria.alvarez@example.com' },
      recipients: [
        {
          recipientId: 'signer-1',
          role: 'signer',
          name: NAMES['signer-1'],
          email: 'maria.alvarez@example.com',
          authentication: 'Signing link by e-mail, captcha',
          ...signedAs('signer-1'),
        },
        {
          recipientId: 'signer-2',
          role: 'signer',
          name: NAMES['signer-2'],
          email: 'luis.alvarez@example.com',
          authentication: 'Signing link by e-mail, captcha',
          ...signedAs('signer-2'),
        },
        {
          recipientId: 'firm-1',
          role: 'countersigner',
          name: NAMES['firm-1'],
          email: 'dana@prosign.test',
          authentication: 'Staff sign-in',
          ...signedAs('firm-1'),
        },
      ],
      progress: { signed: 3, total: 3, completedAt: SIGNED['firm-1'].at },
      events: (Object.keys(SIGNED) as PartyId[]).map((id) => ({
        type: 'signed' as const,
        at: SIGNED[id].at,
        recipientId: id,
        ip: '198.51.100.7',
      })),
      contractToken: token,
    });
    const trailText = await pdfText((await documentPdfs.pdfOf(trail.docLink)).pdf);
    for (const id of Object.keys(SIGNED) as PartyId[]) {
      expect(trailText).toContain(SIGNED[id].printed);
    }
    expect(trailText).toContain('by Luis Alvarez <luis.alvarez@example.com>');
    expect(trailText).toContain('by Dana Whitfield <dana@prosign.test>');
    expect(trailText).toContain('Countersigner (firm)');
    expect(trailText).toContain(`Completed ${SIGNED['firm-1'].printed}`);
  });

  it('keeps every signature when all three place theirs at once, and a signer placing again replaces only theirs', async () => {
    const docLink = await createContract(PARTIES);
    await documentPdfs.pdfOf(docLink);
    await Promise.all((Object.keys(SIGNED) as PartyId[]).map((id) => place(docLink, id)));
    const record = await repository.find(docIdOf(docLink));
    expect(record?.revision).toBe(4);
    expect(Object.keys(record?.signatures ?? {})).toHaveLength(3);
    await expectDates(docLink, ['signer-1', 'signer-2', 'firm-1']);

    await place(docLink, 'signer-2');
    expect((await repository.find(docIdOf(docLink)))?.revision).toBe(5);
    await expectDates(docLink, ['signer-1', 'signer-2', 'firm-1']);
  });

  it('refuses a signature for someone the document has no block for, and creation with a bad party list', async () => {
    const docLink = await createContract(PARTIES);
    await expect(place(docLink, 'nobody')).rejects.toMatchObject({
      status: 400,
      message: `Document ${docIdOf(docLink)} has no signature block for recipient nobody`,
    });
    const before = await documentModel(api).countDocuments({ kind: 'contract' });
    await expect(
      createContract({
        signers: [
          { recipientId: 'a', name: 'M' },
          { recipientId: 'a', name: 'L' },
        ],
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await documentModel(api).countDocuments({ kind: 'contract' })).toBe(before);
  });

  it('leaves a one-signer contract as it was: untagged slots, the legacy signature field, the same PDF', async () => {
    const docLink = await createContract();
    const docId = docIdOf(docLink);
    const unsigned = await documentPdfs.pdfOf(docLink);
    const record = await repository.find(docId);
    const fresh = await renderAgreement(
      record?.content as AgreementContent,
      new Date(record?.documentDate ?? 0),
    );
    expect(unsigned.pdf.equals(fresh.pdf)).toBe(true);
    const slots = await layoutSlots(docId);
    expect(slots.some((slot) => 'recipientId' in slot)).toBe(false);
    expect(await pdfPagesText(unsigned.pdf)).toEqual(await pdfPagesText(fresh.pdf));

    await documents.placeSignature({
      document: docLink,
      contractKind: 'standard',
      signerName: 'Maria Elena Alvarez',
      signature: { text: 'Maria Elena Alvarez' },
      signedAt: SIGNED['signer-1'].at,
    });
    const signedRecord = await repository.find(docId);
    expect(signedRecord).toMatchObject({ revision: 2, signature: expect.any(Object) });
    expect(signedRecord?.signatures).toBeUndefined();
    const signed = (await documentPdfs.pdfOf(docLink)).pdf;
    const items = await pdfTextItems(signed);
    const [dateSlot] = slots.filter((slot) => slot.kind === 'signedDate');
    const printed = items.filter((item) => item.text === SIGNED['signer-1'].printed);
    expect(printed).toHaveLength(1);
    expect(inside(printed[0], dateSlot)).toBe(true);

    // The same signature kept under the single signer's recipient id stamps the same bytes.
    await documentModel(api).updateOne(
      { _id: docId },
      {
        $unset: { signature: 1 },
        $set: { 'signatures.signer-1': signedRecord?.signature },
      },
    );
    await repository.deletePdf(docId, 2);
    expect((await documentPdfs.pdfOf(docLink)).pdf.equals(signed)).toBe(true);
  });

  it('sets the signers of a document created for one: laid out again at a new revision, once, and never after a signature', async () => {
    const docLink = await createContract();
    const docId = docIdOf(docLink);
    await documentPdfs.pdfOf(docLink);
    await documents.setSignatureParties(docLink, PARTIES);
    // The same parties again (a repeated send step) change nothing.
    await documents.setSignatureParties(docLink, PARTIES);
    const record = await repository.find(docId);
    expect(record).toMatchObject({ revision: 2, layoutRevision: 2 });
    expect(record?.content?.signatureBlock.signers).toHaveLength(2);
    expect(record?.content?.signatureBlock.countersigner?.name).toBe('Dana Whitfield');
    await documentPdfs.pdfOf(docLink);
    const slots = (await repository.findPdf(docId, 2))?.slots ?? [];
    expect(
      slots.filter((slot) => slot.kind === 'signature').map((slot) => slot.recipientId),
    ).toEqual(['firm-1', 'signer-1', 'signer-2']);

    await place(docLink, 'signer-2');
    const { pdf } = await documentPdfs.pdfOf(docLink);
    expect(await pdfText(pdf)).toContain(SIGNED['signer-2'].printed);
    // The signer-2 date is inside its slot of the new layout.
    const items = await pdfTextItems(pdf);
    const [dateSlot] = slots.filter((s) => s.kind === 'signedDate' && s.recipientId === 'signer-2');
    expect(
      items.filter((item) => item.text === SIGNED['signer-2'].printed && inside(item, dateSlot)),
    ).toHaveLength(1);

    await expect(
      documents.setSignatureParties(docLink, { signers: [PARTIES.signers[0]] }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('creates a contract with a block per signer over HTTP, and refuses a malformed list', async () => {
    const additional = [
      { name: 'Luis Alvarez', email: 'luis@example.com' },
      { name: 'Ana Alvarez', email: 'ana@example.com' },
    ];
    const res = await http()
      .post('/api/template/create-contract')
      .send({
        docLink: TEMPLATE_LINK,
        formData: contractFormData(),
        additional_signers: additional,
      })
      .expect(201);
    const docLink = (res.body as { docLink: string }).docLink;
    const text = await pdfText((await documentPdfs.pdfOf(docLink)).pdf);
    for (const name of ['Luis Alvarez', 'Ana Alvarez']) expect(text).toContain(`Name: ${name}`);

    const before = await documentModel(api).countDocuments({ kind: 'contract' });
    for (const additional_signers of [
      [{ name: '', email: 'luis@example.com' }],
      [{ name: 'Luis', email: 'not-an-address' }],
      [{ name: 'Luis', email: contractFormData().email }],
    ]) {
      await http()
        .post('/api/template/create-contract')
        .send({ docLink: TEMPLATE_LINK, formData: contractFormData(), additional_signers })
        .expect(400);
    }
    expect(await documentModel(api).countDocuments({ kind: 'contract' })).toBe(before);
  });
});
