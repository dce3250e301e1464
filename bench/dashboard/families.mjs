// SOW contracts and change orders for the dashboard bench: the standard bench
// agreements' core (bench/lib/agreements.mjs: event log, progress, links) with the
// family's own form, initial status and search text (the built backend's family
// configs), and template texts as long as the standard clauses, so a record weighs
// what a real one does.
import { createRequire } from 'node:module';
import { BENCH_OWNERS, STATUSES, benchAgreement, insertInsightFacts } from '../lib/agreements.mjs';

const require = createRequire(import.meta.url);
const { SOW_FAMILY } = require('../../backend/dist/modules/agreements/families/sow.family.js');
const { CO_FAMILY } = require('../../backend/dist/modules/agreements/families/co.family.js');

const FAMILY = { sow: SOW_FAMILY, co: CO_FAMILY };
const FIRST = ['Ava', 'Ben', 'Chloe', 'Diego', 'Emma', 'Farid', 'Gina', 'Hugo'];
const LAST = ['Park', 'Reyes', 'Fischer', 'Moreau', 'Tanaka', 'Lopez', 'Ivanova'];
const STREETS = ['Larkin Street', 'Geary Boulevard', 'Folsom Street', 'Clement Street'];

/** The form of bench SOW or change order `i`; `text` is the template text's bulk. */
export function familyForm(family, i, text) {
  const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]} ${i}`;
  const email = `${name.replaceAll(' ', '.').toLowerCase()}@partner.example`;
  const address = `${200 + (i % 7000)} ${STREETS[i % STREETS.length]}, San Francisco, CA`;
  const phone = `+1415${String(6_000_000 + i).slice(-7)}`;
  if (family === 'sow') {
    return {
      cp_name: name,
      cp_email: email,
      cp_phone: phone,
      cp_roles: 'designer',
      cc_emails: '',
      project_type: 'ADU',
      project_id: String(70_000_000 + i),
      project_address: address,
      project_timeline: '6 weeks',
      site_visit_date_time: '',
      payment_amount: 1500 + (i % 20) * 100,
      pm_email: BENCH_OWNERS[(i + 1) % BENCH_OWNERS.length],
      effective_date: '2026-11-01',
      template_start: text.start,
      template_services_and_deliverables: text.services,
      template_payment: text.payment,
      template_governing_law: text.law,
    };
  }
  return {
    signatory_name: name,
    signatory_email: email,
    signatory_phone: phone,
    project_address: address,
    project_id: String(80_000_000 + i),
    deal_id: String(90_000_000 + i),
    description: text.services,
    fee: 800 + (i % 30) * 50,
    payment_terms: text.payment,
    firstPayment: 400,
    secondPayment: 400,
    main_contract_signed_date: '2026-10-01',
    csm_email: BENCH_OWNERS[(i + 2) % BENCH_OWNERS.length],
    pm_email: 'pm@prosign.example',
    cc_emails: '',
    coLabel: `CO ${1 + (i % 9)}`,
    terms: text.law,
  };
}

/** Template text of about the standard clauses' size, from those clauses. */
export function templateText(clauses) {
  const all = Object.values(clauses).join('\n\n');
  const quarter = Math.ceil(all.length / 4);
  return {
    start: all.slice(0, quarter),
    services: all.slice(quarter, 2 * quarter),
    payment: all.slice(2 * quarter, 3 * quarter),
    law: all.slice(3 * quarter),
  };
}

/**
 * Inserts `count` bench agreements of `family` ('sow' or 'co', tokens
 * `{prefix}-{i}`), statuses cycling through the family's, one minute apart, the
 * newest `now`; with their links.
 */
export async function insertFamilyAgreements(
  db,
  { family, count, now = Date.now(), prefix, publicUrls, clauses, spacingMs = 60_000 },
) {
  const config = FAMILY[family];
  const text = templateText(clauses);
  const agreements = db.collection('agreements');
  const links = db.collection('agreement_links');
  for (let start = 0; start < count; start += 5000) {
    const batch = [];
    const linkBatch = [];
    for (let i = start; i < Math.min(count, start + 5000); i++) {
      const standardStatus = STATUSES[i % STATUSES.length];
      const made = benchAgreement(i, {
        createdAt: new Date(now - (count - i) * spacingMs - spacingMs / 2),
        status: standardStatus,
        prefix,
        publicUrls,
        clauses: {},
      });
      const form = familyForm(family, i, text);
      const status = standardStatus === 'not signed' ? 'not-signed' : standardStatus;
      // Invoices are the standard contracts' only.
      const { invoices: _standardOnly, ...core } = made.agreement;
      batch.push({
        ...core,
        family,
        form,
        status,
        searchText: config.searchText(form),
        signature: made.agreement.signature
          ? form[family === 'sow' ? 'cp_name' : 'signatory_name']
          : null,
      });
      linkBatch.push(...made.links.map((link) => ({ ...link, family })));
    }
    await links.insertMany(linkBatch, { ordered: false });
    await agreements.insertMany(batch, { ordered: false });
    await insertInsightFacts(db, batch);
  }
}
