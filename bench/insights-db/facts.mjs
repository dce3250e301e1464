// The Insights facts the bench inserts (backend agreement-insight-facts.ts's shape), the same
// for every build: a seeded random source, _ids numbered.
import { ObjectId } from 'mongodb';

/** A seeded random source (mulberry32): the same records for both builds. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + Math.imul(t ^ (t >>> 14), 71 | t));
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
const weekOf = (ms) => dayOf(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
const cents = (n) => Math.round(n * 100) / 100;

/** 30,000 fact-shaped records (agreement-insight-facts.ts). */
export function facts(families, perFamily) {
  const rnd = random(42);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const start = Date.UTC(2026, 0, 1);
  const records = [];
  for (let i = 0; i < families.length * perFamily; i++) {
    const sentAt = start + Math.floor(rnd() * 304 * DAY_MS);
    const viewed = rnd() < 0.8 ? 1 : 0;
    const signed = viewed && rnd() < 0.6 ? 1 : 0;
    const declined = viewed && !signed && rnd() < 0.2 ? 1 : 0;
    const expired = !signed && !declined && rnd() < 0.1 ? 1 : 0;
    const voided = signed && rnd() < 0.05 ? 1 : 0;
    const daysToSign = signed ? cents(rnd() * 20) : null;
    const signedAt = signed ? sentAt + daysToSign * DAY_MS : null;
    const declinedAt = declined ? sentAt + Math.floor(rnd() * 10) * DAY_MS : null;
    const open = !signed && !declined && !expired;
    const invoices = [];
    if (i % 3 === 0) {
      for (let k = 0; k < 1 + (i % 2); k++) {
        const issuedAt = sentAt + (5 + 30 * k) * DAY_MS;
        const amount = cents(500 + rnd() * 5000);
        const paid = rnd() < 0.6 ? amount : 0;
        invoices.push({
          type: pick(['deposit', 'final']),
          issuedAt: new Date(issuedAt),
          issuedDay: dayOf(issuedAt),
          dueAt: new Date(issuedAt + 30 * DAY_MS),
          amount,
          paid,
          owed: cents(amount - paid),
        });
      }
    }
    records.push({
      _id: ObjectId.createFromHexString(i.toString(16).padStart(24, '0')),
      family: families[i % families.length],
      owner: `owner${Math.floor(rnd() * 5)}@example.com`,
      pipeline: pick(['new', 'renewal', 'upsell', null]),
      fee: cents(1000 + rnd() * 20000),
      listed: rnd() < 0.97,
      status: open ? 'sent' : signed ? 'signed' : declined ? 'declined' : 'expired',
      sentAt: new Date(sentAt),
      sentDay: dayOf(sentAt),
      sentWeek: weekOf(sentAt),
      viewed,
      signed,
      declined,
      expired,
      voided,
      signedDay: signed ? dayOf(signedAt) : null,
      signedWeek: signed ? weekOf(signedAt) : null,
      daysToSign,
      declinedDay: declined ? dayOf(declinedAt) : null,
      declinedWeek: declined ? weekOf(declinedAt) : null,
      declineGroup: declined ? pick(['price', 'terms', 'timing', 'other']) : null,
      declineReason: declined ? pick(['Too expensive', 'Not now', '', 'Changed vendor']) : null,
      open,
      stage: open ? pick(['awaiting_signer', 'awaiting_countersign', 'awaiting_payment']) : null,
      idleSince: open ? new Date(sentAt + Math.floor(rnd() * 5) * DAY_MS) : null,
      invoices,
      invoiced: invoices.length > 0,
      lastIssuedDay: invoices.length ? invoices[invoices.length - 1].issuedDay : null,
      eventCount: 3 + Math.floor(rnd() * 10),
    });
  }
  return records;
}
