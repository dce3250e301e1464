// Uploaded documents (the "document" family: any PDF, fields placed on it), two budgets:
//  (a) fill + seal: a 50-page upload with 30 fields for two signers — values drawn
//      (fillPlacedFields: tags out of the text, form flattened, one attachment embedded)
//      then merged with its certificate of completion and sealed at B-B
//      (PdfSealerService.mergeAndSeal), as the finish builds the final PDF, minus MongoDB
//      and GridFS. p50/p95 against the budget (p95 ≤ 400 ms), and the ratio to the floor:
//      pdf-lib loading and saving the same 50 pages, interleaved document by document.
//  (b) memory: a child process (as the worker is) fills and seals a 25 MB upload at B-LTA
//      (local TSA); its peak RSS against the budget (< 500 MB).
// Exits 1 when a budget is missed. Uses the built backend (backend/dist); see bench/README.md.
import { execFileSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dist = (path) => require(`../../backend/dist/${path}`);
const { fillPlacedFields } = dist('integrations/documents/pdf/fill-placed-fields.js');
const { renderAuditTrail } = dist('integrations/documents/layout/audit-trail-layout.js');
const { FIRM_LETTERHEAD } = dist('modules/documents/templates/firm-letterhead.js');
const { PdfSealerService, generateSelfSignedP12 } = dist(
  'modules/documents/pdf/pdf-sealer.service.js',
);
const { LocalPki } = dist('integrations/timestamp/index.js');
const { revocationPortFor, timestampPortFor } = dist('integrations/timestamp/timestamp.module.js');
const { newField } = require('@prosign/domain');
const {
  concatTransformationMatrix,
  drawObject,
  ParseSpeeds,
  popGraphicsState,
  pushGraphicsState,
  PDFDocument,
} = require('pdf-lib');
const { PNG } = require('pngjs');

const SELF = fileURLToPath(import.meta.url);
const ARTICLE = join(SELF, '../../../backend/test/fixtures/pdfs/tracemonkey.pdf');
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 40);
const PAGES = 50;
const FIELDS = 30;
const TARGET_P95_MS = 400;
const TARGET_RSS_MB = 500;
const UPLOAD_MB = 25;
const SIGNED_AT = new Date('2026-12-07T18:30:00Z');

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value) => `${value.toFixed(1)} ms`;
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), mean };
}

/** `pages` pages cycled from the 14-page article (real fonts and text), optionally with a noise image per page. */
async function uploadOf(pages, imageBytesPerPage = 0) {
  const article = await PDFDocument.load(readFileSync(ARTICLE));
  const pdf = await PDFDocument.create();
  // One copy of the article's fonts and images for all pages, as a 50-page document has them.
  const indices = Array.from({ length: pages }, (_, index) => index % article.getPageCount());
  const copied = await pdf.copyPages(article, indices);
  for (const page of copied) {
    pdf.addPage(page);
    if (imageBytesPerPage > 0) {
      // A scanned page's weight: incompressible pixels, as a photo or scan mostly is.
      const side = Math.floor(Math.sqrt(imageBytesPerPage / 3));
      const image = pdf.context.register(
        pdf.context.stream(randomBytes(side * side * 3), {
          Type: 'XObject',
          Subtype: 'Image',
          Width: side,
          Height: side,
          ColorSpace: 'DeviceRGB',
          BitsPerComponent: 8,
        }),
      );
      const name = page.node.newXObject('Scan', image);
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(200, 0, 0, 200, 350, 40),
        drawObject(name),
        popGraphicsState(),
      );
    }
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** 30 fields over the 50 pages for two signers: every kind, initials on several pages. */
function placementOf(pdf) {
  const pages = pdf.getPages().map((page) => {
    const box = page.getCropBox();
    return { width: box.width, height: box.height, rotation: 0 };
  });
  const kinds = [
    'signature',
    'initials',
    'dateSigned',
    'name',
    'email',
    'text',
    'number',
    'date',
    'checkbox',
    'radioGroup',
    'dropdown',
    'text',
    'initials',
    'initials',
    'attachment',
  ];
  const fields = [];
  for (let index = 0; index < FIELDS; index += 1) {
    const kind = kinds[index % kinds.length];
    const recipientId = index < FIELDS / 2 ? 'signer-1' : 'signer-2';
    fields.push(
      newField({
        id: `f${index}`,
        kind,
        page: 1 + ((index * 7) % PAGES),
        x: 60 + (index % 3) * 170,
        y: 40 + (index % 5) * 14,
        recipientId,
        source: 'builder',
        label: `Field ${index}`,
        multiline: index === 11,
        options: ['Yes', 'No', 'Not applicable'],
      }),
    );
  }
  return { pages, fields };
}

function inkPng(width, height) {
  const png = new PNG({ width, height });
  for (let x = 10; x < width - 10; x += 1) {
    const y = Math.round(height / 2 + Math.sin(x / 15) * (height / 4));
    for (let dy = -2; dy <= 2; dy += 1) png.data.set([10, 20, 90, 255], ((y + dy) * width + x) * 4);
  }
  return PNG.sync.write(png);
}

function fillRequest(pdfBytes, placement) {
  const attachmentBytes = randomBytes(200 * 1024);
  const values = (recipientId) => {
    const out = {};
    for (const field of placement.fields.filter((f) => f.recipientId === recipientId)) {
      const value = {
        text: 'Bayline Engineering Group, Inc. — a value long enough to wrap onto a second line',
        number: '125000.50',
        date: '2026-12-31',
        checkbox: true,
        radioGroup: 'No',
        dropdown: 'Not applicable',
        attachment: `att-${recipientId}`,
      }[field.kind];
      if (value !== undefined) out[field.id] = value;
    }
    return out;
  };
  const recipient = (recipientId, name) => ({
    recipientId,
    name,
    email: `${recipientId}@example.com`,
    signedAt: SIGNED_AT,
    signaturePng: inkPng(400, 200),
    initialsPng: inkPng(160, 100),
    values: values(recipientId),
  });
  const attachments = ['signer-1', 'signer-2']
    .map((recipientId) => {
      const field = placement.fields.find(
        (f) => f.kind === 'attachment' && f.recipientId === recipientId,
      );
      return (
        field && {
          id: `att-${recipientId}`,
          fieldId: field.id,
          recipientId,
          name: `insurance-${recipientId}.pdf`,
          type: 'application/pdf',
          bytes: attachmentBytes,
          sha256: createHash('sha256').update(attachmentBytes).digest('hex'),
        }
      );
    })
    .filter(Boolean);
  return {
    pdf: pdfBytes,
    placement,
    recipients: [recipient('signer-1', 'Maria Alvarez'), recipient('signer-2', 'Luis Ortega')],
    attachments,
    timeZone: 'America/Los_Angeles',
  };
}

function sealer(level) {
  const pki = LocalPki.inMemory('http://localhost:3000/api/timestamp/root.crl');
  const seal = generateSelfSignedP12('ProSign Seal (bench)');
  return new PdfSealerService(
    {
      SEAL_P12_BASE64: seal.p12Base64,
      SEAL_P12_PASSPHRASE: seal.passphrase,
      NODE_ENV: 'test',
      SEAL_LEVEL: level,
    },
    null,
    timestampPortFor({ TIMESTAMP_ADAPTER: 'local', TSA_URLS: [], TSA_TIMEOUT_MS: 1000 }, pki),
    pki,
    revocationPortFor({ TSA_TIMEOUT_MS: 1000 }, pki),
  );
}

async function trailPdf(request) {
  const { pdf } = await renderAuditTrail(
    {
      letterhead: FIRM_LETTERHEAD,
      documentTitle: 'Subcontractor agreement',
      documentId: 'doc-bench',
      signer: { name: 'Maria Alvarez', email: 'signer-1@example.com' },
      signedDocumentSha256: 'ab'.repeat(32),
      attachments: request.attachments.map((a) => ({
        recipient: a.recipientId,
        fieldLabel: 'Insurance certificate',
        fileName: a.name,
        bytes: a.bytes.length,
        sha256: a.sha256,
      })),
      events: [
        { type: 'sent', at: SIGNED_AT },
        { type: 'signed', at: SIGNED_AT },
      ],
    },
    SIGNED_AT,
  );
  return pdf;
}

/** Fill, merge with the certificate, seal: the final PDF of one finished document. */
async function fillAndSeal(request, trail, service) {
  const filled = await fillPlacedFields(request);
  const sealed = await service.mergeAndSeal(
    [filled.pdf, trail],
    { title: 'Subcontractor agreement (signed)', date: SIGNED_AT },
    { signingTime: SIGNED_AT, reason: 'Signed', location: 'ProSign', contactInfo: 'bench' },
  );
  return sealed;
}

/** The child of (b): fills and seals the upload at `path` once, prints its peak RSS. */
async function child(path) {
  const bytes = readFileSync(path);
  const placement = placementOf(await PDFDocument.load(bytes));
  const request = fillRequest(bytes, placement);
  const started = performance.now();
  const sealed = await fillAndSeal(request, await trailPdf(request), sealer('B-LTA'));
  console.log(
    JSON.stringify({
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      ms: performance.now() - started,
      sealedMb: sealed.pdf.length / 1048576,
    }),
  );
}

async function main() {
  const loadBefore = loadavg();
  const upload = await uploadOf(PAGES);
  const placement = placementOf(await PDFDocument.load(upload));
  const request = fillRequest(upload, placement);
  const trail = await trailPdf(request);
  const service = sealer('B-B');
  let last;
  for (let warm = 0; warm < 3; warm += 1) last = await fillAndSeal(request, trail, service);
  const dir = mkdtempSync(join(tmpdir(), 'bench-uploaded-'));
  writeFileSync(join(dir, 'sealed.pdf'), last.pdf);
  const valid = /Signature is Valid/.test(
    execFileSync('pdfsig', [join(dir, 'sealed.pdf')], { encoding: 'utf8' }),
  );
  const attached = execFileSync('pdfdetach', ['-list', join(dir, 'sealed.pdf')], {
    encoding: 'utf8',
  }).split('\n')[0];

  const engine = [];
  const floor = [];
  const cpu = { fill: 0, seal: 0 };
  for (let index = 0; index < DOCUMENTS; index += 1) {
    let started = performance.now();
    const before = process.cpuUsage();
    const filled = await fillPlacedFields(request);
    const between = process.cpuUsage();
    await service.mergeAndSeal(
      [filled.pdf, trail],
      { title: 'Subcontractor agreement (signed)', date: SIGNED_AT },
      { signingTime: SIGNED_AT, reason: 'Signed', location: 'ProSign', contactInfo: 'bench' },
    );
    engine.push(performance.now() - started);
    const after = process.cpuUsage();
    cpu.fill += (between.user + between.system - before.user - before.system) / 1000;
    cpu.seal += (after.user + after.system - between.user - between.system) / 1000;
    started = performance.now();
    const copy = await PDFDocument.load(upload, {
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    await copy.save({ useObjectStreams: false, objectsPerTick: Infinity });
    floor.push(performance.now() - started);
  }
  const e = stats(engine);
  const f = stats(floor);
  const fillMet = e.p95 <= TARGET_P95_MS;

  const big = await uploadOf(
    PAGES,
    Math.ceil(((UPLOAD_MB - upload.length / 1048576) * 1048576) / PAGES),
  );
  const bigPath = join(dir, 'upload-25mb.pdf');
  writeFileSync(bigPath, big);
  const measured = JSON.parse(
    execFileSync(process.execPath, [SELF, '--child', bigPath], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    })
      .trim()
      .split('\n')
      .pop(),
  );
  rmSync(dir, { recursive: true, force: true });
  const rssMet = measured.maxRssMb < TARGET_RSS_MB;

  console.log(
    `document: ${PAGES} pages (the 14-page article cycled), ${FIELDS} fields for two signers, one 200 KB attachment each; sealed ~${Math.round(last.pdf.length / 1024)} KB, ${last.pageCount} pages with the certificate; pdfsig: ${valid ? 'valid' : 'NOT VALID'}; pdfdetach: ${attached}`,
  );
  console.log(
    `(a) fill + merge + seal (B-B), one thread, ${DOCUMENTS} documents: p50 ${ms(e.p50)}, p95 ${ms(e.p95)}, mean ${ms(e.mean)} (target p95 ≤ ${TARGET_P95_MS} ms: ${fillMet ? 'met' : 'MISSED'})`,
  );
  console.log(
    `    CPU time per document: fill ${ms(cpu.fill / DOCUMENTS)}, merge + seal ${ms(cpu.seal / DOCUMENTS)} (process.cpuUsage: what load does not stretch)`,
  );
  console.log(
    `    floor (pdf-lib load + save of the same 50 pages, same options): p50 ${ms(f.p50)}, p95 ${ms(f.p95)}; ratio p50 ${(e.p50 / f.p50).toFixed(2)}, p95 ${(e.p95 / f.p95).toFixed(2)}`,
  );
  console.log(
    `(b) a ${(big.length / 1048576).toFixed(1)} MB upload filled and sealed (B-LTA) in a child process: peak RSS ${Math.round(measured.maxRssMb)} MB (target < ${TARGET_RSS_MB} MB: ${rssMet ? 'met' : 'MISSED'}), ${ms(measured.ms)}, sealed ${measured.sealedMb.toFixed(1)} MB`,
  );
  console.log(`load average: ${loadBefore} before, ${loadavg()} after`);
  if (!fillMet || !rssMet || !valid) process.exitCode = 1;
}

if (process.argv[2] === '--child') await child(process.argv[3]);
else await main();
