import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import request from 'supertest';
import { PdfFileStore } from '../src/integrations/documents';
import type { UploadedPdf } from '@prosign/domain';
import {
  activePdf,
  corpusPdf,
  paddedPdf,
  plainPdf,
  taggedPdf,
  zeroPagePdf,
} from './support/pdf-intake-fixtures';
import { seedBaseData } from './support/seed';
import { SHELL_ORIGIN, staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const UPLOAD = '/api/documents/upload';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The intake of uploaded PDFs for "document" agreements, fed real PDFs other software wrote
 * (the pdf.js test corpus, test/fixtures/pdfs) and PDFs built here: what it accepts and reads,
 * what it refuses without storing anything, and what it strips before anyone opens the file.
 */
describe('PDF upload intake', () => {
  // Small limits, so the refusals need no large files; the corpus files are under both.
  const env = createTestEnv(__filename, { PDF_UPLOAD_MAX_MB: '1', PDF_UPLOAD_MAX_PAGES: '6' });
  let api: INestApplication;
  let http: StaffHttp;
  let store: PdfFileStore;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    http = await staffHttp(api);
    store = api.get(PdfFileStore, { strict: false });
    connection = api.get<Connection>(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const upload = (bytes: Buffer, fileName = 'upload.pdf') =>
    http()
      .post(UPLOAD)
      .attach('file', bytes, { filename: fileName, contentType: 'application/pdf' });

  /** Uploads a PDF that must be accepted; checks the stored bytes are the ones its hash names. */
  async function accepted(bytes: Buffer, fileName?: string) {
    const res = await upload(bytes, fileName).expect(200);
    const answer = res.body as UploadedPdf;
    const stored = await store.get(answer.uploadId);
    expect(sha256(stored)).toBe(answer.sha256);
    return { answer, stored };
  }

  const storedCount = async () =>
    (await connection.collection(PdfFileStore.COLLECTION).countDocuments()) +
    (await connection.collection(`${PdfFileStore.BUCKET}.files`).countDocuments());

  /** Uploads a PDF that must be refused with `status` and `message`, storing nothing. */
  async function refused(bytes: Buffer, status: number, message: string | RegExp) {
    const before = await storedCount();
    const res = await upload(bytes).expect(status);
    expect(res.body.message).toMatch(message);
    expect(await storedCount()).toBe(before);
  }

  /** Every dictionary of a stored PDF, compressed object streams and all, as pdf-lib reads it. */
  async function dictsOf(bytes: Buffer): Promise<PDFDict[]> {
    const document = await PDFDocument.load(bytes, { updateMetadata: false });
    return document.context
      .enumerateIndirectObjects()
      .map(([, object]) => (object instanceof PDFStream ? object.dict : object))
      .filter((object): object is PDFDict => object instanceof PDFDict);
  }

  it('reads a form of another program: its fields, kinds, names and places, for the first signer', async () => {
    const { answer, stored } = await accepted(corpusPdf('js-colors.pdf'), 'js-colors.pdf');
    expect(answer).toMatchObject({
      fileName: 'js-colors.pdf',
      pageCount: 1,
      pages: [{ width: 612, height: 792, rotation: 0 }],
      report: '4 fields found: 4 from the form, 0 from tags',
    });
    expect(answer.fields.map(({ kind, label }) => [kind, label])).toEqual([
      ['text', 'Text1'],
      ['checkbox', 'Check1'],
      ['radioGroup', 'Radio1'],
      ['dropdown', 'Choice1'],
    ]);
    for (const field of answer.fields) {
      expect(field).toMatchObject({ page: 1, recipientId: 'signer-1', source: 'form' });
      expect(field.rect.x).toBeGreaterThanOrEqual(0);
      expect(field.rect.x + field.rect.width).toBeLessThanOrEqual(612);
      expect(field.rect.height).toBeGreaterThan(0);
    }
    expect(answer.fields.find((field) => field.kind === 'dropdown')).toMatchObject({
      options: expect.arrayContaining([expect.any(String)]),
    });
    // Its scripts are gone, document-level and on the fields.
    expect(answer.removed).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Document JavaScript \(\d+ scripts?\)$/)]),
    );
    const dicts = await dictsOf(stored);
    expect(dicts.some((dict) => dict.has(PDFName.of('JS')) || dict.has(PDFName.of('AA')))).toBe(
      false,
    );
    expect(stored.toString('latin1')).not.toMatch(/\/JavaScript|\/JS\b|\/OpenAction/);
  });

  it('answers rotated pages as they are, and stores a file with nothing to remove byte for byte', async () => {
    const original = corpusPdf('hello_world_rotated.pdf');
    const { answer, stored } = await accepted(original, 'Vertrag Müller');
    expect(answer.fileName).toBe('Vertrag Müller.pdf');
    expect(answer.pageCount).toBe(5);
    expect(answer.pages).toEqual(Array(5).fill({ width: 612, height: 792, rotation: 90 }));
    expect(answer).toMatchObject({ fields: [], removed: [], warnings: [] });
    expect(answer.report).toBe('No fields found: place them in the builder.');
    expect(answer.sha256).toBe(sha256(original));
    expect(Buffer.compare(stored, original)).toBe(0);
  });

  it('takes out document JavaScript, the open action, page triggers and launch actions, and says so', async () => {
    const { answer, stored } = await accepted(await activePdf());
    expect(answer.removed).toEqual([
      'Document JavaScript (2 scripts)',
      'Open action (JavaScript)',
      'Launch actions that start programs (1)',
      'Actions run on opening, closing or typing (1 trigger set)',
    ]);
    const text = stored.toString('latin1');
    expect(text).not.toMatch(/\/JS\b|\/JavaScript|\/OpenAction|\/Launch|\/AA\b|app\.alert/);
    // Still a PDF with its page and its (now inert) link.
    const reread = await PDFDocument.load(stored);
    expect(reread.getPageCount()).toBe(1);
  });

  it('takes out an XFA form and embedded files', async () => {
    const xfa = await accepted(corpusPdf('xfa_issue14315.pdf'));
    expect(xfa.answer.removed).toEqual(
      expect.arrayContaining(['XFA form (the PDF form fields are kept)']),
    );
    expect(xfa.stored.toString('latin1')).not.toMatch(/\/XFA|\/JS\b/);

    const attached = await accepted(corpusPdf('attachment.pdf'));
    expect(attached.answer.removed).toEqual(['Embedded files (1 file)']);
    const dicts = await dictsOf(attached.stored);
    expect(dicts.some((dict) => dict.get(PDFName.of('Type')) === PDFName.of('EmbeddedFile'))).toBe(
      false,
    );
  });

  it('warns that filling will invalidate a digital signature the PDF carries', async () => {
    const { answer } = await accepted(corpusPdf('signed_verified.pdf'));
    expect(answer.warnings).toEqual([
      'The PDF carries a digital signature: filling in fields and sealing will invalidate it.',
    ]);
    // Its one signature field is signed (and invisible): not a field for anyone to fill.
    expect(answer.fields).toEqual([]);
  });

  it('places the fields text tags ask for where the tags are, and lists the tags it could not read', async () => {
    const { answer } = await accepted(await taggedPdf());
    expect(answer.report).toBe('3 fields found: 0 from the form, 3 from tags');
    const [signature, date, text] = answer.fields;
    expect(signature).toMatchObject({ kind: 'signature', page: 1, recipientId: 'signer-1' });
    expect(date).toMatchObject({ kind: 'dateSigned', page: 1, recipientId: 'signer-1' });
    expect(text).toMatchObject({
      kind: 'text',
      page: 2,
      recipientId: 'signer-2',
      label: 'Company name',
      source: 'tag',
    });
    // At the tag's first character, the baseline less the descent; page 2's box starts at y 100.
    expect(signature.rect.x).toBeCloseTo(72, 0);
    expect(signature.rect.y).toBeGreaterThan(145);
    expect(signature.rect.y).toBeLessThan(150);
    expect(date.rect.x).toBeGreaterThan(300);
    expect(text.rect.x).toBeGreaterThan(72);
    expect(text.rect.y).toBeGreaterThan(295);
    expect(text.rect.y).toBeLessThan(300);
    expect(answer.warnings).toEqual([
      expect.stringMatching(/^Page 2: the tag \{\{signature:x\}\} was skipped\. Signer "x"/),
    ]);
  });

  it('refuses a file that is not a PDF by its content, whatever its name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await refused(png, 400, /not a PDF/);
    await refused(
      Buffer.from('<html>%PDF-1.7 is not at the start</html>'.padStart(2000)),
      400,
      /not a PDF/,
    );
  });

  it('refuses a damaged, an encrypted and an empty PDF', async () => {
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0xff)]);
    await refused(damaged, 400, /damaged and cannot be read/);
    await refused(corpusPdf('issue6010_1.pdf'), 400, /encrypted or password-protected/);
    await refused(zeroPagePdf(), 400, 'The PDF has no pages.');
  });

  it('refuses a PDF over the page or size limit (413) and an upload without a file', async () => {
    await refused(await plainPdf(7), 413, 'The PDF has 7 pages; an upload may have at most 6.');
    // Just over the limit (read by the intake) and far over it (stopped by the upload's limit).
    await refused(await paddedPdf(1024 * 1024 + 10), 413, /larger than 1 MB/);
    await refused(await paddedPdf(3 * 1024 * 1024), 413, /larger than 1 MB/);
    const before = await storedCount();
    const res = await http().post(UPLOAD).expect(400);
    expect(res.body.message).toMatch(/Choose a PDF file/);
    expect(await storedCount()).toBe(before);
  });

  it('is for signed-in staff only', async () => {
    await request(api.getHttpServer())
      .post(UPLOAD)
      .set('origin', SHELL_ORIGIN)
      .attach('file', await plainPdf(1), 'a.pdf')
      .expect(401);
  });
});
