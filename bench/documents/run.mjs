// Document engine benchmark: render the standard agreement, merge it with a
// 2-page audit trail, seal the result. Measures per-document latency (p50/p95)
// on one thread, peak memory, and throughput with two worker threads; runs the
// same text through the bare libraries (pdfkit + pdf-lib + @signpdf with its
// node-forge P12 signer) in the same run, interleaved, and prints the ratio.
// Uses the built backend (backend/dist); see bench/README.md.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const {
  renderAgreement,
} = require('../../backend/dist/integrations/documents/layout/agreement-layout.js');
const {
  renderAuditTrail,
} = require('../../backend/dist/integrations/documents/layout/audit-trail-layout.js');
const { formatPacificTimestamp } = require('@prosign/domain');
const {
  PdfSealerService,
  generateSelfSignedP12,
} = require('../../backend/dist/modules/documents/pdf/pdf-sealer.service.js');
const { LocalPki } = require('../../backend/dist/integrations/timestamp/index.js');
const {
  revocationPortFor,
  timestampPortFor,
} = require('../../backend/dist/integrations/timestamp/timestamp.module.js');
const {
  mergeDocuments,
  stampSignature,
} = require('../../backend/dist/integrations/documents/index.js');
const {
  SignatureImageService,
} = require('../../backend/dist/modules/documents/signatures/signature-image.service.js');
const {
  fillContent,
} = require('../../backend/dist/integrations/documents/local-documents.adapter.js');
const {
  STANDARD_AGREEMENT_TEMPLATE,
} = require('../../backend/dist/modules/documents/templates/standard-agreement.template.js');
const {
  FIRM_LETTERHEAD,
} = require('../../backend/dist/modules/documents/templates/firm-letterhead.js');
const {
  standardContractValues,
} = require('../../backend/dist/modules/documents/templates/contract-placeholders.js');

const PDFKit = require('pdfkit');
const { PDFDocument } = require('pdf-lib');
const { pdflibAddPlaceholder } = require('@signpdf/placeholder-pdf-lib');
const { P12Signer } = require('@signpdf/signer-p12');
const { SignPdf } = require('@signpdf/signpdf');

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 200);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const AUDIT_EVENTS = 40; // fills two pages of audit trail
const TARGET_P95_MS = 25;
const TARGET_THROUGHPUT = 60;
const SEAL_LEVELS = ['B-B', 'B-T', 'B-LT', 'B-LTA'];
/** B-LTA with the local TSA against B-B: at most this many times the time. */
const TARGET_LTA_RATIO = 2;
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function form(i) {
  return {
    cost: 10000 + i * 25,
    deposit: 5000,
    progress: 2000,
    balance: 3000 + i * 25,
    full_name: `Client Number ${i}`,
    email: `client${i}@example.com`,
    contact_number: '+14155550123',
    company_name: `Client ${i} Holdings LLC`,
    site_address: `${100 + i} Market Street`,
    city: 'San Francisco',
    state: 'CA',
    zipcode: '94103',
    csm_email: 'csm@example.com',
    pm_email: 'pm@example.com',
    project_type: 'Seismic retrofit',
    t24ReportCount: i % 6,
    serviceType: 'Structural Engineering',
  };
}

function auditTrail(i) {
  const start = Date.parse('2026-03-01T16:00:00Z');
  const types = [
    'created',
    'sent',
    'viewed',
    'reminder_sent',
    'viewed',
    'resent',
    'viewed',
    'signature_saved',
  ];
  const events = Array.from({ length: AUDIT_EVENTS - 1 }, (_, n) => ({
    type: types[n % types.length],
    at: new Date(start + n * 3_600_000),
    ip: `198.51.100.${(n % 250) + 1}`,
    device: n % 2 ? 'phone' : 'desktop',
    actor: n % 3 ? undefined : 'csm@example.com',
  }));
  events.push({
    type: 'signed',
    at: new Date(start + AUDIT_EVENTS * 3_600_000),
    ip: '198.51.100.9',
  });
  return {
    letterhead: FIRM_LETTERHEAD,
    documentTitle: 'Professional Engineering Services Agreement',
    documentId: `bench${i}`,
    signer: { name: `Client Number ${i}`, email: `client${i}@example.com` },
    signedDocumentSha256: 'a'.repeat(64),
    events,
  };
}

function contentOf(i, date) {
  return fillContent(STANDARD_AGREEMENT_TEMPLATE.content, {
    title: STANDARD_AGREEMENT_TEMPLATE.title,
    values: standardContractValues(form(i), date),
  });
}

/** The engine: the product's layouts, merged and sealed in one pdf-lib pass. */
async function oneDocument(i, sealer) {
  const date = new Date(Date.parse('2026-03-01T16:00:00Z') + i * 1000);
  const started = performance.now();
  const content = contentOf(i, date);
  const agreement = await renderAgreement(content, date);
  const trail = await renderAuditTrail(auditTrail(i), date);
  const sealed = await sealer.mergeAndSeal(
    [agreement.pdf, trail.pdf],
    { title: content.title, date },
    { signingTime: date, reason: 'bench', location: 'bench', contactInfo: 'bench' },
  );
  return {
    ms: performance.now() - started,
    bytes: sealed.pdf.length,
    trailPages: trail.pageCount,
    agreementPages: agreement.pageCount,
  };
}

function pdfkitBuffer(doc) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * The same text through the bare libraries, as their READMEs show them: pdfkit
 * with default fonts (justified body, a 4-column audit table), pdf-lib's
 * copyPages to merge, @signpdf's pdf-lib placeholder and P12 signer to seal.
 */
async function bareDocument(i, p12) {
  const date = new Date(Date.parse('2026-03-01T16:00:00Z') + i * 1000);
  const started = performance.now();
  const content = contentOf(i, date);
  const options = { size: 'LETTER', margins: { top: 118, bottom: 84, left: 72, right: 72 } };
  const agreementDoc = new PDFKit({ ...options, info: { CreationDate: date } });
  agreementDoc.font('Helvetica-Bold').fontSize(16).text(content.title.toUpperCase(), {
    align: 'center',
  });
  for (const section of content.sections) {
    if (section.heading) agreementDoc.font('Helvetica-Bold').fontSize(11).text(section.heading);
    agreementDoc.font('Helvetica').fontSize(10).text(section.body, { align: 'justify' });
    agreementDoc.moveDown(0.5);
  }
  const agreement = await pdfkitBuffer(agreementDoc);

  const trailDoc = new PDFKit({ ...options, info: { CreationDate: date } });
  trailDoc.font('Helvetica-Bold').fontSize(16).text('AUDIT TRAIL', { align: 'center' });
  trailDoc.font('Helvetica').fontSize(8.5);
  for (const event of auditTrail(i).events) {
    const top = trailDoc.y;
    const cells = [formatPacificTimestamp(event.at), event.type, event.actor ?? '', event.ip];
    cells.forEach((cell, c) => trailDoc.text(cell, 72 + c * 117, top, { width: 110 }));
    trailDoc.x = 72;
    trailDoc.y = top + 22;
    if (trailDoc.y > 700) trailDoc.addPage();
  }
  const trail = await pdfkitBuffer(trailDoc);

  const merged = await PDFDocument.create();
  for (const source of [agreement, trail]) {
    const pdf = await PDFDocument.load(source);
    for (const page of await merged.copyPages(pdf, pdf.getPageIndices())) merged.addPage(page);
  }
  const mergedBytes = await merged.save();

  const toSeal = await PDFDocument.load(mergedBytes);
  pdflibAddPlaceholder({
    pdfDoc: toSeal,
    reason: 'bench',
    location: 'bench',
    contactInfo: 'bench',
    name: 'bench',
    signingTime: date,
    signatureLength: 16384,
  });
  const withPlaceholder = Buffer.from(await toSeal.save({ useObjectStreams: false }));
  const signer = new P12Signer(Buffer.from(p12.p12Base64, 'base64'), {
    passphrase: p12.passphrase,
  });
  const sealed = await new SignPdf().sign(withPlaceholder, signer, date);
  return { ms: performance.now() - started, bytes: sealed.length };
}

/**
 * The sealer as the stack runs it: PAdES at `level` (B-LTA by default), time-stamped
 * by the local TSA, revocation data from the local root.
 */
function sealerFor(p12, level = 'B-LTA', pki = LocalPki.inMemory()) {
  return new PdfSealerService(
    { SEAL_P12_BASE64: p12.p12Base64, SEAL_P12_PASSPHRASE: p12.passphrase, SEAL_LEVEL: level },
    null,
    timestampPortFor({ TIMESTAMP_ADAPTER: 'local', TSA_URLS: [], TSA_TIMEOUT_MS: 10000 }, pki),
    pki,
    revocationPortFor({ TSA_TIMEOUT_MS: 10000 }, pki),
  );
}

/**
 * The seal step alone at each level (PdfSealerService.sealDocument on a merge just
 * built, as the finish runs it), the levels interleaved document by document; the
 * seal certificate is issued by the local root, as the stack's generated one is.
 */
async function sealLevels() {
  const pki = LocalPki.inMemory('http://localhost:3000/api/timestamp/root.crl');
  const p12 = await pki.issueSealP12('ProSign bench seal (local root)');
  const sealers = Object.fromEntries(
    SEAL_LEVELS.map((level) => [level, sealerFor(p12, level, pki)]),
  );
  const inputs = [];
  for (let i = 0; i < 20; i += 1) {
    const date = new Date(Date.parse('2026-03-01T16:00:00Z') + i * 1000);
    const content = contentOf(i, date);
    inputs.push({
      date,
      title: content.title,
      sources: [
        (await renderAgreement(content, date)).pdf,
        (await renderAuditTrail(auditTrail(i), date)).pdf,
      ],
    });
  }
  const times = Object.fromEntries(SEAL_LEVELS.map((level) => [level, []]));
  const bytes = {};
  for (let i = 0; i < DOCUMENTS + 5; i += 1) {
    const input = inputs[i % inputs.length];
    for (const level of SEAL_LEVELS) {
      const doc = await mergeDocuments(input.sources, { title: input.title, date: input.date });
      const started = performance.now();
      const sealed = await sealers[level].sealDocument(doc, {
        signingTime: input.date,
        reason: 'bench',
        location: 'bench',
        contactInfo: 'bench',
      });
      // The first five are warm-up (JIT, the key opened, the CRL signed).
      if (i >= 5) times[level].push({ ms: performance.now() - started });
      bytes[level] = sealed.length;
    }
  }
  return Object.fromEntries(
    SEAL_LEVELS.map((level) => [level, { ...summary(times[level]), bytes: bytes[level] }]),
  );
}

/**
 * The stamp step alone (stampSignature, as the finish's first step places a signer's marks):
 * a typed signature and initials, rendered as the signing page's "type" choice renders them,
 * into every slot of a rendered agreement (its signature, its date, initials on each page).
 */
async function stampStep() {
  const images = new SignatureImageService();
  const inputs = [];
  for (let i = 0; i < 20; i += 1) {
    const date = new Date(Date.parse('2026-03-01T16:00:00Z') + i * 1000);
    const agreement = await renderAgreement(contentOf(i, date), date);
    const name = form(i).full_name;
    inputs.push({
      date,
      agreement,
      marks: {
        signaturePng: images.renderTypedSignature(name, 'standard'),
        initialsPng: images.renderInitials(name, 'standard').png,
        signedAt: date,
      },
    });
  }
  const times = [];
  for (let i = 0; i < DOCUMENTS + 5; i += 1) {
    const { date, agreement, marks } = inputs[i % inputs.length];
    const started = performance.now();
    await stampSignature(agreement.pdf, agreement.slots, marks, date);
    if (i >= 5) times.push({ ms: performance.now() - started }); // the first five: warm-up
  }
  return summary(times);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Documents per second once the threads are warm, as in the worker process that
 * keeps them: each thread loads the modules and renders a few documents first,
 * and the clock starts when every thread is ready.
 */
async function throughput(p12, pipeline) {
  const workers = Array.from({ length: THREADS }, (_, w) => {
    const indexes = Array.from({ length: DOCUMENTS }, (_, i) => i).filter((i) => i % THREADS === w);
    return new Worker(new URL(import.meta.url), { workerData: { p12, indexes, pipeline } });
  });
  const next = (worker, expected) =>
    new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message) =>
        message === expected ? resolve() : reject(new Error(`expected ${expected}: ${message}`)),
      );
    });
  await Promise.all(workers.map((worker) => next(worker, 'ready')));
  const started = performance.now();
  const done = workers.map((worker) => next(worker, 'done'));
  for (const worker of workers) worker.postMessage('go');
  await Promise.all(done);
  const elapsed = performance.now() - started;
  await Promise.all(workers.map((worker) => worker.terminate()));
  return DOCUMENTS / (elapsed / 1000);
}

function summary(results) {
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

const ms = (value) => `${value.toFixed(1)} ms`;

if (!isMainThread) {
  const { p12, indexes, pipeline } = workerData;
  const sealer = sealerFor(p12);
  for (let i = 0; i < 3; i += 1) {
    if (pipeline === 'engine') await oneDocument(i, sealer);
    else await bareDocument(i, p12);
  }
  parentPort.postMessage('ready');
  await new Promise((resolve) => parentPort.once('message', resolve));
  for (const i of indexes) {
    if (pipeline === 'engine') await oneDocument(i, sealer);
    else await bareDocument(i, p12);
  }
  parentPort.postMessage('done');
} else {
  const loadBefore = loadavg();
  const p12 = generateSelfSignedP12('ProSign bench seal');
  const sealer = sealerFor(p12);
  for (let i = 0; i < 5; i += 1) {
    await oneDocument(i, sealer); // warm-up (JIT, font metrics, key)
    await bareDocument(i, p12);
  }

  // Interleaved, so both pipelines see the same machine (other work comes and goes).
  const engine = [];
  const bare = [];
  for (let i = 0; i < DOCUMENTS; i += 1) {
    engine.push(await oneDocument(i, sealer));
    bare.push(await bareDocument(i, p12));
  }
  const e = summary(engine);
  const b = summary(bare);
  const engineRate = await throughput(p12, 'engine');
  const bareRate = await throughput(p12, 'bare');
  const levels = await sealLevels();
  const stamp = await stampStep();

  const first = engine[0];
  console.log(
    `documents: ${DOCUMENTS} (agreement ${first.agreementPages} pages + audit trail ${first.trailPages} pages, merged, sealed; ~${Math.round(first.bytes / 1024)} KB each)`,
  );
  console.log(
    `engine, one thread:  p50 ${ms(e.p50)}, p95 ${ms(e.p95)} (target ≤ ${TARGET_P95_MS} ms: ${e.p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}), mean ${ms(e.mean)}`,
  );
  console.log(
    `bare libraries:      p50 ${ms(b.p50)}, p95 ${ms(b.p95)}, mean ${ms(b.mean)} (pdfkit + pdf-lib + @signpdf P12 signer, same text)`,
  );
  console.log(
    `ratio engine/bare:   p50 ${(e.p50 / b.p50).toFixed(2)}, p95 ${(e.p95 / b.p95).toFixed(2)} (below 1: the engine is faster)`,
  );
  console.log(
    `${THREADS} threads:           engine ${engineRate.toFixed(1)} documents/s (target ≥ ${TARGET_THROUGHPUT}: ${engineRate >= TARGET_THROUGHPUT ? 'met' : 'MISSED'}), bare ${bareRate.toFixed(1)} documents/s (${availableParallelism()} cores available)`,
  );
  console.log(
    `seal step by SEAL_LEVEL (local TSA, seal certificate of the local root, one thread):`,
  );
  for (const level of SEAL_LEVELS) {
    const l = levels[level];
    console.log(
      `  ${level.padEnd(6)} p50 ${ms(l.p50)}, p95 ${ms(l.p95)}, mean ${ms(l.mean)}, ${(l.mean / levels['B-B'].mean).toFixed(2)}× B-B (mean), ~${Math.round(l.bytes / 1024)} KB`,
    );
  }
  const ltaRatio = levels['B-LTA'].mean / levels['B-B'].mean;
  console.log(
    `  B-LTA / B-B: ${ltaRatio.toFixed(2)}× (mean; p50 ${(levels['B-LTA'].p50 / levels['B-B'].p50).toFixed(2)}×), target ≤ ${TARGET_LTA_RATIO}×: ${ltaRatio <= TARGET_LTA_RATIO ? 'met' : 'MISSED'}`,
  );
  console.log(
    `stamp step:          p50 ${ms(stamp.p50)}, p95 ${ms(stamp.p95)}, mean ${ms(stamp.mean)} (a typed signature and initials into every slot, one thread)`,
  );
  console.log(
    `peak RSS:            ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (whole process, all phases)`,
  );
  console.log(`load average:        ${loadBefore} before, ${loadavg()} after`);
}
