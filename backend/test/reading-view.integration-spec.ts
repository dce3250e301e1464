import type { INestApplication } from '@nestjs/common';
import { type AgreementReading, STANDARD_TEMPLATE_DOC_IDS } from '@prosign/domain';
import request from 'supertest';
import { coDealFixture, sendCo } from './support/co-fixtures';
import { pdfPagesText } from './support/pdf-text';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const squash = (text: string) => text.replace(/\s+/g, '');

/**
 * The signer's reading view (phones): the agreement's text in the layout's own
 * sections and numbering, each part on the page the PDF puts it, checked against
 * the PDF's text as pdf.js reads it.
 */
describe('reading view: the content the PDF is laid out from, with its pages and marks', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let csm: StaffHttp;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    csm = await staffHttp(api, 'csm@prosign.example');
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const pathOf = (link: string) => {
    expect(link.startsWith(`${PUBLIC_API_URL}/api/documents/d/`)).toBe(true);
    return link.slice(PUBLIC_API_URL.length);
  };
  const pdfPages = async (docLink: string) =>
    pdfPagesText(
      (
        await request(api.getHttpServer())
          .get(pathOf(docLink))
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          })
          .expect(200)
      ).body as Buffer,
    );

  /** Every block's text is on the PDF page the reading view names; headings carry the PDF's numbers. */
  const expectSameAsPdf = (reading: AgreementReading, pages: string[]) => {
    expect(reading.pageCount).toBe(pages.length);
    const squashed = pages.map(squash);
    for (const section of reading.sections) {
      if (section.heading) {
        expect(squashed[section.page - 1]).toContain(
          squash(`${section.number}. ${section.heading.toUpperCase()}`),
        );
      }
      for (const block of section.blocks) {
        const first = block.type === 'paragraph' ? block.text : block.items[0];
        // The block's first words start on its page (a long block runs on to the next).
        expect(squashed[block.page - 1]).toContain(
          squash(first.split(/\s+/).slice(0, 6).join(' ')),
        );
      }
    }
    expect(squashed[reading.signatureBlock.page - 1]).toContain(squash('IN WITNESS WHEREOF'));
  };

  it('answers a standard contract signer a reading view of exactly the PDF text, section pages and mark places', async () => {
    const { token } = await sendContract(csm);
    const opened = await signerHttp(api)
      .post('/api/verifyToken')
      .send({ token, prefix: 'contract' })
      .expect(200);
    const readingLink = opened.body.readingLink as string;
    expect(readingLink).toMatch(/\/api\/documents\/d\/[A-Za-z0-9_-]+\/reading$/);

    const res = await request(api.getHttpServer()).get(pathOf(readingLink)).expect(200);
    const reading = res.body as AgreementReading;
    expect(reading.title).toBe('Professional Engineering Services Agreement');
    expect(reading.sections.length).toBeGreaterThan(3);
    // Headed sections are numbered 1, 2, … as the PDF numbers them.
    const numbers = reading.sections.filter((s) => s.heading).map((s) => s.number);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    expect(reading.signatureBlock.clientName).toBe('Maria Elena Alvarez');
    // One initials place per page, and the signature and its date on the signature block's page.
    const initialsPages = reading.marks.filter((m) => m.kind === 'initials').map((m) => m.page);
    expect(initialsPages).toEqual(Array.from({ length: reading.pageCount }, (_, i) => i + 1));
    expect(reading.marks.filter((m) => m.kind !== 'initials')).toEqual([
      { kind: 'signature', page: reading.signatureBlock.page },
      { kind: 'signedDate', page: reading.signatureBlock.page },
    ]);
    expect(reading.pageCount).toBeGreaterThan(1);
    expectSameAsPdf(reading, await pdfPages(opened.body.docLink as string));

    // Signing stamps the stored layout; the reading view stays the same text.
    await saveSignatureAndConsent(api, token);
    const again = await request(api.getHttpServer()).get(pathOf(readingLink)).expect(200);
    expect(again.body).toEqual(reading);
  });

  it('answers a change order signer one too, through the family view', async () => {
    const { customId } = await sendCo(csm, await coDealFixture(csm));
    const view = await signerHttp(api, { linkToken: customId })
      .post(`/api/co/increase-viewed-times/${customId}`)
      .expect(200);
    const readingLink = view.body.readingLink as string;
    const res = await request(api.getHttpServer()).get(pathOf(readingLink)).expect(200);
    const reading = res.body as AgreementReading;
    expect(
      reading.sections.some((s) =>
        s.blocks.some((b) => JSON.stringify(b).includes('structural beam')),
      ),
    ).toBe(true);
    expectSameAsPdf(reading, await pdfPages(view.body.docLink as string));
  });

  it('has no reading view for a document that is not an agreement, or an unknown one (404)', async () => {
    await request(api.getHttpServer())
      .get('/api/documents/d/NoSuchDocument000000000/reading')
      .expect(404);
    // A template lays out too, but is no agreement a signer reads.
    await request(api.getHttpServer())
      .get(`/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/reading`)
      .expect(404);
  });
});
