import type { INestApplication } from '@nestjs/common';
import {
  rectInsidePage,
  type AgreementReading,
  type DocumentSigningView,
  type PlacementPage,
} from '@prosign/domain';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { pdfPagesText } from '../pdf-text';
import { PUBLIC_API_URL } from '../signing-fixtures';
import type { StaffHttp } from '../staff-session';
import type { SignerOnLink } from './signer';

/** Reads a binary response body into a Buffer. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** The api path of a document link the product answered (`https://…/api/documents/d/…`). */
function apiPathOf(link: string): string {
  if (!link.startsWith(`${PUBLIC_API_URL}/api/documents/d/`)) {
    throw new Error(`${link.slice(0, 60)} is not a document link of the api`);
  }
  return new URL(link).pathname;
}

/** The PDF behind a document link, as staff (or, without `staff`, anyone holding the link) get it. */
export async function pdfAt(
  api: INestApplication,
  link: string,
  staff?: StaffHttp,
): Promise<Buffer> {
  const path = apiPathOf(link);
  const test = staff ? staff().get(path) : request(api.getHttpServer()).get(path);
  const res = await test.buffer(true).parse(binary).expect(200);
  expect(res.headers['content-type']).toMatch(/application\/pdf/);
  return res.body as Buffer;
}

/** A staff member's view of a document they are preparing (its `/edit` link as `/view`). */
export function viewLinkOf(docLink: string): string {
  return docLink.replace(/\/edit$/, '/view');
}

const squash = (text: string) => text.replace(/\s+/g, '');

/**
 * The reading view says what the PDF says, where it says it: its page count, each numbered
 * heading and each block's first words on the page the view names, and the signature block
 * on its page.
 */
export function expectReadingMatchesPdf(reading: AgreementReading, pages: string[]): void {
  expect(reading.pageCount).toBe(pages.length);
  const squashed = pages.map(squash);
  expect(reading.sections.length).toBeGreaterThan(0);
  for (const section of reading.sections) {
    if (section.heading) {
      expect(squashed[section.page - 1]).toContain(
        squash(`${section.number}. ${section.heading.toUpperCase()}`),
      );
    }
    for (const block of section.blocks) {
      const first = block.type === 'paragraph' ? block.text : block.items[0];
      expect(squashed[block.page - 1]).toContain(squash(first.split(/\s+/).slice(0, 6).join(' ')));
    }
  }
}

/** The reading view of a link the signing page answered, and the PDF's pages beside it. */
export async function readingAndPdf(
  api: INestApplication,
  readingLink: string,
  docLink: string,
): Promise<{ reading: AgreementReading; pages: string[] }> {
  const res = await request(api.getHttpServer()).get(apiPathOf(readingLink)).expect(200);
  return {
    reading: res.body as AgreementReading,
    pages: await pdfPagesText(await pdfAt(api, docLink)),
  };
}

/**
 * An uploaded PDF as its signer's page draws it (a phone zooms the page to each field): the
 * PDF's own pages, each as large and turned as in the file, with the signer's fields on them
 * (a signature among them) and the signer named as the one who fills them.
 */
export async function expectOwnFieldsOnPdfPages(
  signer: SignerOnLink,
  signerName: string,
): Promise<void> {
  const view = (await signer.read('fields').expect(200)).body as DocumentSigningView;
  const pdf = await signer.read('pdf').buffer(true).parse(binary).expect(200);
  expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
  const pages = (await PDFDocument.load(pdf.body as Buffer)).getPages();
  expect(view.pages).toEqual(
    pages.map((page): PlacementPage => ({
      ...page.getSize(),
      rotation: page.getRotation().angle as PlacementPage['rotation'],
    })),
  );
  const own = view.fields.filter((field) => field.recipientId === view.recipientId);
  expect(own.map((field) => field.kind)).toContain('signature');
  for (const field of own) {
    expect(rectInsidePage(field.rect, view.pages[field.page - 1])).toBe(true);
  }
  expect(view.recipients.find((recipient) => recipient.id === view.recipientId)?.name).toBe(
    signerName,
  );
}
