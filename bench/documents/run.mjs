// Document engine benchmark: render the standard agreement, merge it with a
// 2-page audit trail, seal the result. Measures per-document latency (p50/p95)
// on one thread, peak memory, and throughput with two worker threads.
// Uses the built backend (backend/dist); see bench/README.md.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const dist = new URL('../../backend/dist/', import.meta.url).pathname;
const { renderAgreement } = require(`${dist}modules/documents/layout/agreement-layout.js`);
const { renderAuditTrail } = require(`${dist}modules/documents/layout/audit-trail-layout.js`);
const { mergePdfs } = require(`${dist}modules/documents/pdf/pdf-tools.js`);
const { PdfSealerService, generateSelfSignedP12 } = require(
  `${dist}modules/documents/pdf/pdf-sealer.service.js`,
);
const { fillContent } = require(`${dist}integrations/documents/local-documents.adapter.js`);
const { STANDARD_AGREEMENT_TEMPLATE } = require(
  `${dist}modules/documents/templates/standard-agreement.template.js`,
);
const { FIRM_LETTERHEAD } = require(`${dist}modules/documents/templates/firm-letterhead.js`);
const { standardContractValues } = require(
  `${dist}modules/documents/templates/contract-placeholders.js`,
);

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 200);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const AUDIT_EVENTS = 40; // fills two pages of audit trail

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

async function oneDocument(i, sealer) {
  const date = new Date(Date.parse('2026-03-01T16:00:00Z') + i * 1000);
  const started = performance.now();
  const content = fillContent(STANDARD_AGREEMENT_TEMPLATE.content, {
    title: STANDARD_AGREEMENT_TEMPLATE.title,
    values: standardContractValues(form(i), date),
  });
  const agreement = await renderAgreement(content, date);
  const trail = await renderAuditTrail(auditTrail(i), date);
  const merged = await mergePdfs([agreement.pdf, trail.pdf], { title: content.title, date });
  const sealed = await sealer.seal(merged, {
    signingTime: date,
    reason: 'bench',
    location: 'bench',
    contactInfo: 'bench',
  });
  return {
    ms: performance.now() - started,
    bytes: sealed.length,
    trailPages: trail.pageCount,
    agreementPages: agreement.pageCount,
  };
}

function sealerFor(p12) {
  return new PdfSealerService(
    { SEAL_P12_BASE64: p12.p12Base64, SEAL_P12_PASSPHRASE: p12.passphrase },
    null,
  );
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

if (!isMainThread) {
  const sealer = sealerFor(workerData.p12);
  for (const i of workerData.indexes) await oneDocument(i, sealer);
  parentPort.postMessage('done');
} else {
  const p12 = generateSelfSignedP12('ProSign bench seal');
  const sealer = sealerFor(p12);
  for (let i = 0; i < 5; i += 1) await oneDocument(i, sealer); // warm-up (JIT, font metrics)

  const results = [];
  const t0 = performance.now();
  for (let i = 0; i < DOCUMENTS; i += 1) results.push(await oneDocument(i, sealer));
  const serialSeconds = (performance.now() - t0) / 1000;
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);

  const t1 = performance.now();
  await Promise.all(
    Array.from(
      { length: THREADS },
      (_, w) =>
        new Promise((resolve, reject) => {
          const indexes = Array.from({ length: DOCUMENTS }, (_, i) => i).filter(
            (i) => i % THREADS === w,
          );
          const worker = new Worker(new URL(import.meta.url), { workerData: { p12, indexes } });
          worker.once('message', resolve).once('error', reject);
        }),
    ),
  );
  const parallelSeconds = (performance.now() - t1) / 1000;

  const first = results[0];
  console.log(
    `documents: ${DOCUMENTS} (agreement ${first.agreementPages} pages + audit trail ${first.trailPages} pages, merged, sealed; ~${Math.round(first.bytes / 1024)} KB each)`,
  );
  console.log(
    `one thread:  p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, mean ${(sorted.reduce((a, b) => a + b, 0) / sorted.length).toFixed(1)} ms, ${(DOCUMENTS / serialSeconds).toFixed(1)} documents/s`,
  );
  console.log(
    `${THREADS} threads:   ${(DOCUMENTS / parallelSeconds).toFixed(1)} documents/s (${availableParallelism()} cores available)`,
  );
  console.log(
    `peak RSS:    ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (whole process, both phases)`,
  );
}
