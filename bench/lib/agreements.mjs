// Bulk-made standard agreements, shaped as the server stores them on the
// agreement core (backend/src/modules/agreements/agreement.schema.ts): the
// form under `form`, the lifecycle fields beside it, an event log chained with
// the server's own hash (event-chain.js of the built backend) and the
// `agreement_links` records (`_id` = signing token, `send:{docId}`) a signing
// link resolves through. Shared by the dashboard and signers benchmarks.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/setup.mjs';

const require = createRequire(import.meta.url);
const { ObjectId } = require(path.join(ROOT, 'node_modules/mongodb'));
const {
  CONTRACT_STATUSES,
  SIGNER_ACTOR,
  contractSearchText,
} = require('../../libs/domain/dist/index.js');
const { chainedEvent } = require('../../backend/dist/modules/agreements/event-chain.js');
const {
  insightFactsOf,
} = require('../../backend/dist/modules/agreements/agreement-insight-facts.js');
const {
  totalsOfAll,
  totalWritesOf,
} = require('../../backend/dist/modules/agreements/agreement-insight-totals.js');

export const STATUSES = CONTRACT_STATUSES;

/**
 * Bumped whenever the seeded records change shape, so the benches seed again:
 * 2: forms carry the template's full clause texts; 3: signing links carry publishedAt;
 * 4: five owners, signers who take hours to days, decline reasons, invoices and the Insights
 * facts (`agreement_insights`) of every record; 5: the facts' `lastIssuedDay`; 6: the Insights
 * totals (`agreement_insight_totals`); 7: the facts' `idleDay`; 8: totals by activity and waiting.
 */
export const BENCH_DATA_VERSION = 8;
const FIRST = [
  'Maria',
  'James',
  'Aiko',
  'Noah',
  'Priya',
  'Lucas',
  'Elena',
  'Omar',
  'Grace',
  'Tariq',
];
const LAST = ['Alvarez', 'Chen', 'Okafor', 'Schmidt', 'Rossi', 'Novak', 'Haddad', 'Kim', 'Silva'];
const STREETS = ['Larkin Street', 'Mission Street', 'Valencia Street', 'Oak Avenue', 'Pine Road'];
const CITIES = ['San Francisco', 'Oakland', 'Berkeley', 'San Jose', 'Palo Alto', 'Sausalito'];
const CSM = 'csm@prosign.example';
/** The staff the bench agreements belong to (Insights' owners): the demo CSM and four more. */
export const BENCH_OWNERS = [
  CSM,
  'alex@prosign.example',
  'blair@prosign.example',
  'casey@prosign.example',
  'drew@prosign.example',
];
const DECLINE_REASONS = [
  'The fee is over our budget',
  'We went with another firm',
  'Not now, maybe next season',
  'The scope is missing the garage',
  '',
];
/** How the Insights facts read days (the firm's time zone, FIRM_TIME_ZONE) and invoices. */
const FACT_SETTINGS = {
  timeZone: process.env.FIRM_TIME_ZONE || 'America/Los_Angeles',
  invoiceDueDays: 15,
};
const STAFF_IP = '203.0.113.10';
const SIGNER_IP = '198.51.100.23';
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const HOUR = 3600_000;

/** The standard form (standard-contract.form.ts) of bench agreement `i`. */
export function benchForm(i) {
  const first = FIRST[i % FIRST.length];
  const last = LAST[(i * 7) % LAST.length];
  return {
    full_name: `${first} ${last} ${i}`,
    email: `${first}.${last}${i}@example.com`.toLowerCase(),
    company_name: i % 4 ? '' : `${last} Holdings ${i % 500}`,
    contact_number: `+1415${String(5_000_000 + i).slice(-7)}`,
    cc_email: '',
    site_address: `${100 + (i % 9000)} ${STREETS[i % STREETS.length]}`,
    city: CITIES[i % CITIES.length],
    state: 'CA',
    zipcode: String(94000 + (i % 200)),
    cost: 5000 + (i % 40) * 250,
    deposit: 2500,
    progress: 0,
    balance: 2500 + (i % 40) * 250,
    csm_email: BENCH_OWNERS[i % BENCH_OWNERS.length],
    pm_email: 'pm@prosign.example',
    form_type: 'Structural Engineering',
    t24ReportCount: 0,
    contractIntro: '',
    contractTitle: 'Professional Services Agreement',
    contractEngineerBasicService: 'Structural calculations and drawings for permit.',
    contractEngineerAddService: '',
    contractDescription: 'Seismic retrofit of an existing wood-framed building.',
    contractPayment: 'A deposit of 50% is due upon signing.',
    contractLicense: '',
    contractTermsAndConditions: '',
    hsDealId: String(40_000_000 + (i % 30)),
  };
}

/**
 * The events of an agreement that reached `status` (3–6 of them), oldest first; the signer
 * and staff act `pace` times slower than the quickest (1–9: signed 3 hours to a day later).
 */
function eventsFor(status, createdAt, viewed, pace = 1) {
  const at = (hours) => new Date(createdAt.getTime() + hours * pace * HOUR);
  const atExactly = (hours) => new Date(createdAt.getTime() + hours * HOUR);
  const signer = (type, hours, after, data = null) => ({
    type,
    at: at(hours),
    actor: SIGNER_ACTOR,
    ip: SIGNER_IP,
    userAgent: BROWSER,
    data,
    status: after,
  });
  const staff = (type, hours, after, actor = CSM) => ({
    type,
    // The expiry comes on its date, however slow the signer.
    at: type === 'expired' || hours >= 30 * 24 ? atExactly(hours) : at(hours),
    actor,
    ip: actor === 'system' ? null : STAFF_IP,
    status: after,
  });
  const events = [staff('sent', 0, 'not signed')];
  for (let v = 0; v < viewed; v++)
    events.push(signer('viewed', 2 + v, 'viewed', { channel: 'email' }));
  switch (status) {
    case 'signature_saved':
      events.push(signer('signature_saved', 3, status, { source: 'text' }));
      events.push(signer('consent', 3.1, status, { disclosureVersion: '1' }));
      break;
    case 'signed':
    case 'void':
      events.push(signer('signature_saved', 3, 'signature_saved', { source: 'text' }));
      events.push(signer('consent', 3.1, 'signature_saved', { disclosureVersion: '1' }));
      events.push(signer('signed', 3.2, 'signed'));
      if (status === 'void') events.push(staff('void', 30, 'void', 'admin@prosign.example'));
      break;
    case 'signed_manually':
      events.push(staff('signed_manually', 30, status, 'admin@prosign.example'));
      break;
    case 'cancelled':
      events.push(staff('cancelled', 20, status));
      break;
    case 'declined':
      events.push(signer('declined', 4, status));
      break;
    case 'expired':
      events.push(staff('expired', 30 * 24, status, 'system'));
      break;
    case 'resent':
    case 'edited_resent':
      events.push(staff('expired', 30 * 24, 'expired', 'system'));
      events.push(staff(status, 31 * 24, status));
      break;
    default:
      break;
  }
  // A long history drops later views (the first stays); a short one gets reminders: 3–6 events.
  while (events.length > 6) {
    const lastView = events.findLastIndex((e, n) => e.type === 'viewed' && n > 1);
    events.splice(lastView, 1);
  }
  for (let reminder = 24; events.length < 3; reminder += 24) {
    events.push(staff('reminder_sent', reminder, undefined));
  }
  events.sort((a, b) => a.at - b.at);
  // An event that changes no status records the one the agreement had.
  let current = null;
  for (const event of events) {
    if (event.status === undefined) event.status = current;
    current = event.status;
  }
  return events;
}

/**
 * Bench agreement `i` of family 'standard' (token `{prefix}-{i}`), created `createdAt`,
 * in status `status`; with its agreement_links records.
 */
export function benchAgreement(i, { createdAt, status, prefix = 'bench', publicUrls, clauses }) {
  // `clauses`: full clause texts as the creation screen stores them (the bulk of a real record).
  const form = { ...benchForm(i), ...clauses };
  const token = `${prefix}-${i}`;
  const docId = `${prefix}-doc-${i}`;
  const pace = 1 + (i % 9);
  const inputs = eventsFor(status, createdAt, status === 'not signed' ? 0 : 1 + (i % 2), pace);
  const viewed = inputs.filter((e) => e.type === 'viewed').length;
  const events = [];
  let head = null;
  for (const input of inputs) {
    const event = chainedEvent(input, head, input.status, input.at);
    events.push(event);
    head = event.hash;
  }
  const at = (hours) => new Date(createdAt.getTime() + hours * pace * HOUR);
  const saved = ['signature_saved', 'signed', 'void'].includes(status);
  const signed = ['signed', 'void'].includes(status);
  const signedAt = signed ? at(3.2) : status === 'signed_manually' ? at(30) : null;
  const _id = new ObjectId();
  const progress = (startedAt) => ({
    state: 'completed',
    steps: {},
    failedStep: null,
    lastError: null,
    attempts: 1,
    startedAt,
    completedAt: startedAt,
    leaseUntil: null,
    runner: null,
    params: {},
  });
  const agreement = {
    _id,
    family: 'standard',
    token,
    docLink: `${publicUrls.api}/api/documents/d/${docId}/edit`,
    signingLink: `${publicUrls.signing}/${token}`,
    form,
    sentBy: CSM,
    status,
    searchText: contractSearchText(form),
    events,
    headHash: head,
    createdAt,
    createdIp: STAFF_IP,
    viewedAt: viewed ? at(2) : null,
    viewedIp: viewed ? SIGNER_IP : null,
    signatureSavedAt: saved ? at(3) : null,
    signatureSavedIp: saved ? SIGNER_IP : null,
    signedAt,
    signedIp: signed ? SIGNER_IP : status === 'signed_manually' ? STAFF_IP : null,
    viewedTimes: viewed,
    viewedByPhoneCount: 0,
    viewedByEmailCount: viewed,
    remindersAt: events.filter((e) => e.type === 'reminder_sent').map((e) => e.at),
    isDeactiveReminder: false,
    reminderDeactivateTime: null,
    lastReminderAt: events.findLast((e) => e.type === 'reminder_sent')?.at ?? null,
    isResend: status === 'resent',
    isEditResend: status === 'edited_resent',
    resendAt: status === 'resent' ? at(31 * 24) : null,
    editResendAt: status === 'edited_resent' ? at(31 * 24) : null,
    replacedBy: ['resent', 'edited_resent'].includes(status) ? new ObjectId().toHexString() : null,
    cancelledAt: status === 'cancelled' ? at(20) : null,
    voidDocLink: status === 'void' ? `${publicUrls.api}/api/documents/d/${docId}-void/view` : null,
    voidedAt: status === 'void' ? at(30) : null,
    expiredAt: ['expired', 'resent', 'edited_resent'].includes(status)
      ? new Date(createdAt.getTime() + 30 * 24 * HOUR)
      : null,
    declinedAt: status === 'declined' ? at(4) : null,
    declinedBy: status === 'declined' ? 'signer-1' : null,
    declineReason: status === 'declined' ? DECLINE_REASONS[i % DECLINE_REASONS.length] : null,
    // A third of the signed contracts have an unpaid deposit invoice, a third a paid one.
    ...(signed && i % 3 !== 2
      ? {
          invoices: {
            deposit: {
              number: i + 1,
              issuedAt: at(48),
              status: i % 3 === 0 ? 'paid' : 'not paid',
              sentAt: at(48),
              sendCount: 1,
            },
          },
        }
      : {}),
    deletedAt: null,
    deletedBy: null,
    signature: saved ? form.full_name : null,
    signatureSource: saved ? 'text' : null,
    signatureImageId: null,
    initials: saved
      ? form.full_name
          .split(' ')
          .map((w) => w[0])
          .slice(0, 2)
          .join('')
      : null,
    consentAt: saved ? at(3.1) : null,
    consentIp: saved ? SIGNER_IP : null,
    signedDocLink: signed ? `${publicUrls.api}/api/documents/d/${docId}-signed/view` : null,
    auditTrailDocLink: signed ? `${publicUrls.api}/api/documents/d/${docId}-audit/view` : null,
    verifyId: signed ? `${prefix}-verify-${i}` : null,
    signedSha256: signed ? '0'.repeat(64) : null,
    send: progress(createdAt),
    finish: signed ? progress(at(3.2)) : null,
    presence: null,
  };
  const link = (linkId, kind) => ({
    _id: linkId,
    kind,
    agreementId: _id,
    family: 'standard',
    createdAt,
    // Every bench agreement is sent: its signing link is marked published, as the send marks it.
    ...(kind === 'sign' ? { publishedAt: createdAt } : {}),
  });
  const links = [link(token, 'sign'), link(`send:${docId}`, 'send')];
  if (signed) links.push(link(`verify:${agreement.verifyId}`, 'verify'));
  return { agreement, links };
}

/**
 * Inserts `count` bench agreements numbered from `from` (their links too), in
 * batches; statuses cycle through every standard status, one minute apart, the
 * newest `now`.
 */
export async function insertBenchAgreements(
  db,
  { from = 0, count, now = Date.now(), prefix, publicUrls, clauses, spacingMs = 60_000 },
) {
  const agreements = db.collection('agreements');
  const links = db.collection('agreement_links');
  for (let start = from; start < from + count; start += 5000) {
    const batch = [];
    const linkBatch = [];
    for (let i = start; i < Math.min(from + count, start + 5000); i++) {
      const made = benchAgreement(i, {
        createdAt: new Date(now - (from + count - i) * spacingMs),
        status: STATUSES[i % STATUSES.length],
        prefix,
        publicUrls,
        clauses,
      });
      batch.push(made.agreement);
      linkBatch.push(...made.links);
    }
    await links.insertMany(linkBatch, { ordered: false });
    await agreements.insertMany(batch, { ordered: false });
    await insertInsightFacts(db, batch);
  }
}

/** The Insights facts of bench agreements, as the agreement core's writes store them. */
export async function insertInsightFacts(db, agreements) {
  await db.collection('agreement_insights').insertMany(
    agreements.map((agreement) => insightFactsOf(agreement, FACT_SETTINGS)),
    { ordered: false },
  );
}

/**
 * Counts the Insights totals afresh from every stored fact, as the totals migration does
 * (after a bench inserts or removes agreements behind the agreement core's back).
 */
export async function recountInsightTotals(db) {
  const totals = db.collection('agreement_insight_totals');
  await totals.deleteMany({});
  const writes = totalWritesOf(
    await totalsOfAll(db.collection('agreement_insights').find({ listed: true })),
  );
  for (let start = 0; start < writes.length; start += 1000) {
    await totals.bulkWrite(writes.slice(start, start + 1000), { ordered: false });
  }
}

/** Removes the bench agreements of `prefix`, their links and their Insights facts. */
export async function removeBenchAgreements(db, prefix) {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  const ids = await db
    .collection('agreements')
    .find({ token: new RegExp(`^${escaped}-`) }, { projection: { _id: 1 } })
    .map((agreement) => agreement._id)
    .toArray();
  await db.collection('agreement_insights').deleteMany({ _id: { $in: ids } });
  await db.collection('agreements').deleteMany({ token: new RegExp(`^${escaped}-`) });
  await db.collection('agreement_links').deleteMany({
    $or: [{ _id: new RegExp(`^${escaped}-`) }, { _id: new RegExp(`^(send|verify):${escaped}-`) }],
  });
}

/** Approximate BSON size of one bench agreement (for the README). */
export function benchAgreementBytes(BSON, status = 'signed') {
  const { agreement } = benchAgreement(1, {
    createdAt: new Date(),
    status,
    publicUrls: { api: 'http://localhost:3000', signing: 'http://localhost:8084' },
  });
  return BSON.calculateObjectSize(agreement);
}
