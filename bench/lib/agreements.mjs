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

export const STATUSES = CONTRACT_STATUSES;

/**
 * Bumped whenever the seeded records change shape, so the benches seed again:
 * 2: forms carry the template's full clause texts; 3: signing links carry publishedAt.
 */
export const BENCH_DATA_VERSION = 3;
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
    csm_email: CSM,
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

/** The events of an agreement that reached `status` (3–6 of them), oldest first. */
function eventsFor(status, createdAt, viewed) {
  const at = (hours) => new Date(createdAt.getTime() + hours * HOUR);
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
    at: at(hours),
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
  const inputs = eventsFor(status, createdAt, status === 'not signed' ? 0 : 1 + (i % 2));
  const viewed = inputs.filter((e) => e.type === 'viewed').length;
  const events = [];
  let head = null;
  for (const input of inputs) {
    const event = chainedEvent(input, head, input.status, input.at);
    events.push(event);
    head = event.hash;
  }
  const at = (hours) => new Date(createdAt.getTime() + hours * HOUR);
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
    expiredAt: ['expired', 'resent', 'edited_resent'].includes(status) ? at(30 * 24) : null,
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
  { from = 0, count, now = Date.now(), prefix, publicUrls, clauses },
) {
  const agreements = db.collection('agreements');
  const links = db.collection('agreement_links');
  for (let start = from; start < from + count; start += 5000) {
    const batch = [];
    const linkBatch = [];
    for (let i = start; i < Math.min(from + count, start + 5000); i++) {
      const made = benchAgreement(i, {
        createdAt: new Date(now - (from + count - i) * 60_000),
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
  }
}

/** Removes the bench agreements of `prefix` and their links. */
export async function removeBenchAgreements(db, prefix) {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
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
