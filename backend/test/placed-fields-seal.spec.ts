import { newField, type Field, type FieldValue, type UploadedPdf } from '@prosign/domain';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { PdfFileStore } from '../src/integrations/documents';
import { renderAuditTrail } from '../src/integrations/documents';
import {
  fillPlacedFields,
  type FillAttachment,
  type RecipientFill,
} from '../src/integrations/documents/pdf/fill-placed-fields';
import { LocalPki } from '../src/integrations/timestamp';
import {
  revocationPortFor,
  timestampPortFor,
} from '../src/integrations/timestamp/timestamp.module';
import {
  generateSelfSignedP12,
  PdfSealerService,
} from '../src/modules/documents/pdf/pdf-sealer.service';
import type { SealCertificateRepository } from '../src/modules/documents/pdf/seal-certificate.repository';
import { PdfIntakeService } from '../src/modules/pdf-intake';
import type { AppConfig } from '../src/platform/config/app-config';
import { ONE_SIGNER_TRAIL, TRAIL_RENDERED_AT } from './support/audit-trail-fixtures';
import { corpusPdf, taggedPdf } from './support/pdf-intake-fixtures';
import { pdfsig } from './support/pdf-timestamp';
import { pdfPagesText } from './support/pdf-text';

/** Runs a poppler tool on the PDF (written to a temporary file) and returns what it printed. */
function poppler(tool: string, pdf: Buffer, ...args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'prosign-fill-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const output = tool === 'pdftotext' ? ['-'] : [];
    return execFileSync(tool, [...args, join(dir, 'in.pdf'), ...output], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text pdftotext finds on page `page`, runs of white space made one space. */
const pageText = (pdf: Buffer, page: number) =>
  poppler('pdftotext', pdf, '-f', String(page), '-l', String(page)).replace(/\s+/g, ' ');

/** The upload as the intake stores it (actives removed, tags found and blanked), and what it found. */
async function intake(bytes: Buffer): Promise<{ stored: Buffer; upload: UploadedPdf }> {
  let stored = bytes;
  const files = {
    put: async (pdf: Buffer) => {
      stored = pdf;
      return { fileId: 'upload-1', sha256: createHash('sha256').update(pdf).digest('hex') };
    },
  } as unknown as PdfFileStore;
  const config = { PDF_UPLOAD_MAX_MB: 25, PDF_UPLOAD_MAX_PAGES: 200 } as AppConfig;
  const upload = await new PdfIntakeService(files, config).intake(bytes, 'upload.pdf', 'a@b.c');
  return { stored, upload };
}

/** A signature-like PNG: a dark diagonal stroke on transparent pixels. */
function inkPng(width = 300, height = 100): Buffer {
  const png = new PNG({ width, height });
  for (let x = 10; x < width - 10; x += 1) {
    const y = Math.round(height / 2 + Math.sin(x / 15) * (height / 4));
    for (let dy = -2; dy <= 2; dy += 1) {
      const at = ((y + dy) * width + x) * 4;
      png.data.set([10, 20, 90, 255], at);
    }
  }
  return PNG.sync.write(png);
}

/** Signed at 03:00 UTC on December 8: still December 7 in Los Angeles, the document's zone. */
const SIGNED_AT = new Date('2026-12-08T03:00:00Z');
const TIME_ZONE = 'America/Los_Angeles';

function recipient(recipientId: string, values: Record<string, FieldValue> = {}): RecipientFill {
  const name = recipientId === 'signer-1' ? 'Maria Alvarez' : 'Luis Ortega';
  return {
    recipientId,
    name,
    email: `${recipientId}@example.com`,
    signedAt: SIGNED_AT,
    signaturePng: inkPng(),
    initialsPng: inkPng(120, 80),
    values,
  };
}

const field = (input: Parameters<typeof newField>[0]): Field =>
  newField({ recipientId: 'signer-1', source: 'builder', ...input });

const PKI = LocalPki.inMemory('http://localhost:3000/api/timestamp/root.crl');
const SEAL = generateSelfSignedP12('ProSign Seal (fill test)');

/** The seal every family gets (B-LTA: the signature, the DSS, a document time-stamp), local TSA. */
function sealer(): PdfSealerService {
  const config = {
    SEAL_P12_BASE64: SEAL.p12Base64,
    SEAL_P12_PASSPHRASE: SEAL.passphrase,
    NODE_ENV: 'test',
    SEAL_LEVEL: 'B-LTA',
  } as unknown as AppConfig;
  return new PdfSealerService(
    config,
    null as unknown as SealCertificateRepository,
    timestampPortFor({ TIMESTAMP_ADAPTER: 'local', TSA_URLS: [], TSA_TIMEOUT_MS: 1000 }, PKI),
    PKI,
    revocationPortFor({ TSA_TIMEOUT_MS: 1000 }, PKI),
  );
}

/**
 * Tags as a word processor writes them: split across text operators and kerned (TJ), with
 * character spacing, and words before and after them on the same line.
 */
async function splitTagsPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  page.node.setFontDictionary(PDFName.of('F1'), font.ref);
  const content = [
    'BT /F1 12 Tf 72 700 Td [(Sign here: {{sig) -20 (nature:1}} please)] TJ ET',
    'BT /F1 11 Tf 0.5 Tc 72 650 Td (Name \\(print\\): {{te) Tj (xt:1:Full name}}) Tj ( thanks) Tj ET',
  ].join('\n');
  page.node.set(
    PDFName.of('Contents'),
    document.context.register(document.context.flateStream(content)),
  );
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

describe('values drawn into an uploaded PDF, then sealed', () => {
  it('takes tags split across text operators out of the text, the words around them kept in place', async () => {
    const { stored, upload } = await intake(await splitTagsPdf());
    expect(upload.fields.map((found) => found.kind).sort()).toEqual(['signature', 'text']);
    const before = poppler('pdftotext', stored, '-bbox');
    const filled = await fillPlacedFields({
      pdf: stored,
      placement: { pages: upload.pages, fields: upload.fields },
      recipients: [],
      attachments: [],
      timeZone: TIME_ZONE,
    });
    const text = poppler('pdftotext', filled.pdf).replace(/\s+/g, ' ');
    expect(text).not.toMatch(/[{}]|nature|xt:1/);
    for (const words of ['Sign here:', 'please', 'Name (print):', 'thanks']) {
      expect(text).toContain(words);
    }
    // "please" and "thanks" are drawn where they were before the tags went.
    const after = poppler('pdftotext', filled.pdf, '-bbox');
    for (const word of ['please', 'thanks']) {
      const box = new RegExp(`<word xMin="([\\d.]+)"[^>]*>${word}<`);
      expect(Number(box.exec(after)![1])).toBeCloseTo(Number(box.exec(before)![1]), 1);
    }
  });

  it('draws a finished signer’s tag fields on their pages, leaves the unfinished one’s empty, and no tag text remains', async () => {
    const { stored, upload } = await intake(await taggedPdf());
    const byKind = (kind: string) => upload.fields.find((candidate) => candidate.kind === kind)!;
    const company = byKind('text');
    expect(company.recipientId).toBe('signer-2');
    // Before any drawing, the intake's copy still has the tag words in its text.
    expect(poppler('pdftotext', stored)).toContain('{{');

    const placement = { pages: upload.pages, fields: upload.fields };
    const firstFinished = {
      pdf: stored,
      placement,
      recipients: [recipient('signer-1')],
      attachments: [],
      timeZone: TIME_ZONE,
    };
    const onlyFirst = await fillPlacedFields(firstFinished);
    // A finish step run again writes the same bytes (its SHA-256 is in the certificate).
    expect((await fillPlacedFields(firstFinished)).pdf.equals(onlyFirst.pdf)).toBe(true);
    expect(onlyFirst.pageCount).toBe(2);
    expect(poppler('pdftotext', onlyFirst.pdf)).not.toContain('{{');
    expect(pageText(onlyFirst.pdf, 1)).toContain('December 7, 2026');
    // The words around a tag stay where they were.
    expect(pageText(onlyFirst.pdf, 1)).toContain('Date:');
    expect(pageText(onlyFirst.pdf, 2)).toContain('Company:');
    expect(pageText(onlyFirst.pdf, 2)).not.toContain('Acme');

    const both = await fillPlacedFields({
      pdf: stored,
      placement,
      recipients: [
        recipient('signer-1'),
        recipient('signer-2', { [company.id]: 'Acme Builders LLC' }),
      ],
      attachments: [],
      timeZone: TIME_ZONE,
    });
    // Page 2's box starts at y = 100: the value is drawn where its field is, on its page.
    expect(pageText(both.pdf, 2)).toContain('Acme Builders LLC');
    expect(pageText(both.pdf, 1)).not.toContain('Acme');
    // The values' font is embedded, only the glyphs drawn (the whole font is 136 KB).
    expect(poppler('pdffonts', both.pdf)).toMatch(
      /LiberationSans\S*\s+CID TrueType\s+Identity-H\s+yes/,
    );
    expect(both.pdf.length - stored.length).toBeLessThan(40_000);
  });

  it('fills an Acrobat form’s own fields and leaves no form field in the PDF', async () => {
    const { stored, upload } = await intake(corpusPdf('js-colors.pdf'));
    const kinds = upload.fields.map((candidate) => candidate.kind);
    expect(kinds).toEqual(expect.arrayContaining(['text', 'checkbox', 'radioGroup', 'dropdown']));
    const values: Record<string, FieldValue> = {};
    for (const formField of upload.fields) {
      if (formField.kind === 'text') values[formField.id] = `Filled ${formField.label}`;
      if (formField.kind === 'checkbox') values[formField.id] = true;
      if (formField.kind === 'radioGroup' || formField.kind === 'dropdown') {
        values[formField.id] = formField.options[formField.options.length - 1];
      }
    }
    const filled = await fillPlacedFields({
      pdf: stored,
      placement: { pages: upload.pages, fields: upload.fields },
      recipients: [recipient('signer-1', values)],
      attachments: [],
      timeZone: TIME_ZONE,
    });
    const text = poppler('pdftotext', filled.pdf).replace(/\s+/g, ' ');
    const firstText = upload.fields.find((candidate) => candidate.kind === 'text')!;
    expect(text).toContain(`Filled ${firstText.label}`);
    const dropdown = upload.fields.find((candidate) => candidate.kind === 'dropdown')!;
    if (dropdown.kind === 'dropdown') expect(text).toContain(dropdown.options.at(-1));
    const reopened = await PDFDocument.load(filled.pdf);
    expect(reopened.catalog.has(PDFName.of('AcroForm'))).toBe(false);
    expect(poppler('pdfinfo', filled.pdf)).toMatch(/Form:\s+none/);
  });

  it('refuses a time zone it does not know and a field on a page the PDF does not have', async () => {
    const { stored, upload } = await intake(corpusPdf('scan-bad.pdf'));
    const request = {
      pdf: stored,
      placement: { pages: upload.pages, fields: [] as Field[] },
      recipients: [recipient('signer-1')],
      attachments: [],
      timeZone: 'Pacific/Atlantis',
    };
    await expect(fillPlacedFields(request)).rejects.toThrow(
      'Unknown time zone "Pacific/Atlantis": expected an IANA name',
    );
    const onPageTwo = field({ id: 'p2', kind: 'name', page: 2, x: 72, y: 72 });
    await expect(
      fillPlacedFields({
        ...request,
        timeZone: TIME_ZONE,
        placement: { pages: upload.pages, fields: [onPageTwo] },
      }),
    ).rejects.toThrow('Field p2 is on page 2; the PDF has 1');
  });

  it('keeps the look of a form field that is not ours and replaces the one that is', async () => {
    const document = await PDFDocument.create();
    const page = document.addPage([612, 792]);
    const form = document.getForm();
    const project = form.createTextField('Project');
    project.setText('Bridge 12');
    project.addToPage(page, { x: 72, y: 600, width: 200, height: 20 });
    const owner = form.createTextField('Owner');
    owner.setText('Old owner');
    owner.addToPage(page, { x: 72, y: 560, width: 200, height: 20 });
    const { stored, upload } = await intake(
      Buffer.from(await document.save({ useObjectStreams: false })),
    );
    // Staff took "Project" out of the placement: it stays as the PDF shows it.
    const ownerField = upload.fields.find((found) => found.label === 'Owner')!;
    const filled = await fillPlacedFields({
      pdf: stored,
      placement: { pages: upload.pages, fields: [ownerField] },
      recipients: [recipient('signer-1', { [ownerField.id]: 'New owner' })],
      attachments: [],
      timeZone: TIME_ZONE,
    });
    const text = pageText(filled.pdf, 1);
    expect(text).toContain('Bridge 12');
    expect(text).toContain('New owner');
    expect(text).not.toContain('Old owner');
    expect(poppler('pdfinfo', filled.pdf)).toMatch(/Form:\s+none/);
    expect(poppler('pdfinfo', filled.pdf)).toMatch(/Pages:\s+1/);
  });

  it('writes values upright on a rotated A0 drawing, a scanned page and the pages of an article', async () => {
    const drawing = await intake(corpusPdf('issue14497.pdf'));
    expect(drawing.upload.pages[0].rotation).toBe(90);
    // A line 400 points long for the viewer: upright on the turned page, tall in user space.
    const stamp = field({
      id: 'f-stamp',
      kind: 'text',
      page: 1,
      x: 200,
      y: 300,
      width: 30,
      height: 400,
    });
    const filledDrawing = await fillPlacedFields({
      pdf: drawing.stored,
      placement: { pages: drawing.upload.pages, fields: [stamp] },
      recipients: [recipient('signer-1', { 'f-stamp': 'Approved for construction' })],
      attachments: [],
      timeZone: TIME_ZONE,
    });
    expect(pageText(filledDrawing.pdf, 1)).toContain('Approved for construction');
    // Upright for the viewer: pdf.js (which turns the page by its /Rotate) reads the text
    // along the screen's x axis.
    const bbox = poppler('pdftotext', filledDrawing.pdf, '-bbox');
    const word =
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">construction</.exec(
        bbox,
      );
    expect(word).not.toBeNull();
    const [xMin, yMin, xMax, yMax] = word!.slice(1).map(Number);
    expect(xMax - xMin).toBeGreaterThan(yMax - yMin);

    const scan = await intake(corpusPdf('scan-bad.pdf'));
    const article = await intake(corpusPdf('tracemonkey.pdf'));
    const onPages = [1, 7, 14].map((page) =>
      field({ id: `f-${page}`, kind: 'text', page, x: 60, y: 40, width: 220, height: 20 }),
    );
    const filledArticle = await fillPlacedFields({
      pdf: article.stored,
      placement: { pages: article.upload.pages, fields: onPages },
      recipients: [
        recipient('signer-1', {
          'f-1': 'Reviewed p1',
          'f-7': 'Reviewed p7',
          'f-14': 'Reviewed p14',
        }),
      ],
      attachments: [],
      timeZone: TIME_ZONE,
    });
    expect(filledArticle.pageCount).toBe(14);
    for (const page of [1, 7, 14]) {
      const text = pageText(filledArticle.pdf, page);
      expect(text).toContain(`Reviewed p${page}`);
      expect(text.match(/Reviewed p\d+/g)).toEqual([`Reviewed p${page}`]);
    }
    const signed = await fillPlacedFields({
      pdf: scan.stored,
      placement: {
        pages: scan.upload.pages,
        fields: [
          field({ id: 'sig', kind: 'signature', page: 1, x: 72, y: 100, width: 180, height: 50 }),
          field({ id: 'who', kind: 'name', page: 1, x: 72, y: 80, width: 180, height: 18 }),
        ],
      },
      recipients: [recipient('signer-1')],
      attachments: [],
      timeZone: TIME_ZONE,
    });
    expect(pageText(signed.pdf, 1)).toContain('Maria Alvarez');
    expect(
      poppler('pdfimages', signed.pdf, '-list')
        .split('\n')
        .filter((line) => /^\s+1\s/.test(line)).length,
    ).toBeGreaterThan(1);
  });

  it('embeds the attachments, keeps them through the seal, lists them in the certificate, and the seal is valid', async () => {
    const { stored, upload } = await intake(corpusPdf('tracemonkey.pdf'));
    const attachmentField = field({
      id: 'att',
      kind: 'attachment',
      page: 2,
      x: 60,
      y: 40,
      width: 220,
      height: 30,
      label: 'Insurance certificate',
    });
    const tick = field({
      id: 'agree',
      kind: 'checkbox',
      page: 2,
      x: 300,
      y: 40,
      width: 16,
      height: 16,
    });
    const bytes = Buffer.from('%PDF-1.4 certificate of insurance');
    const attachments: FillAttachment[] = [
      {
        id: 'a-1',
        fieldId: 'att',
        recipientId: 'signer-1',
        name: 'insurance.pdf',
        type: 'application/pdf',
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
    ];
    const filled = await fillPlacedFields({
      pdf: stored,
      placement: { pages: upload.pages, fields: [attachmentField, tick] },
      recipients: [recipient('signer-1', { att: 'a-1', agree: true })],
      attachments,
      timeZone: TIME_ZONE,
    });
    expect(pageText(filled.pdf, 2)).toContain('Attached: insurance.pdf');
    expect(poppler('pdfdetach', filled.pdf, '-list')).toContain('insurance.pdf');

    const trail = await renderAuditTrail(
      {
        ...ONE_SIGNER_TRAIL,
        attachments: [
          {
            recipient: 'Maria Alvarez <signer-1@example.com>',
            fieldLabel: 'Insurance certificate',
            fileName: 'insurance.pdf',
            bytes: bytes.length,
            sha256: attachments[0].sha256,
          },
        ],
      },
      TRAIL_RENDERED_AT,
    );
    const sealed = await sealer().mergeAndSeal(
      [filled.pdf, trail.pdf],
      { title: 'Article (signed)', date: SIGNED_AT },
      { signingTime: SIGNED_AT, reason: 'Signed', location: 'ProSign', contactInfo: 'c' },
    );
    expect(sealed.pageCount).toBe(14 + trail.pageCount);
    const listed = poppler('pdfdetach', sealed.pdf, '-list');
    expect(listed).toMatch(/1 embedded files/);
    expect(listed).toContain('insurance.pdf');
    const report = pdfsig(sealed.pdf);
    expect(report).toMatch(/Signature Validation: Signature is Valid/);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signature Field Name: DocumentTimeStamp1');
    const certificate = pageText(sealed.pdf, 15);
    expect(certificate).toContain('insurance.pdf');
    expect(certificate).toContain(attachments[0].sha256);
    // pdf.js reads the sealed file: every page, the values on theirs.
    const pages = await pdfPagesText(sealed.pdf);
    expect(pages).toHaveLength(sealed.pageCount);
    expect(pages[1]).toContain('Attached: insurance.pdf');
  });
});
