import {
  SPLIT_PAYMENT,
  type CoCreateContractRequest,
  type CoSendResult,
  type DealLookupView,
} from '@prosign/domain';
import type { StaffHttp } from './staff-session';

/**
 * Demo change-order deals of the local CRM: 40000101 on project 60000001 as
 * Change Order 1 (the project has 1–3 taken, its main contract signed
 * 2025-02-11); 40000103 on project 60000002 as Change Order 1; 40000106
 * without a project; 40000107 on project 60000004 without a label.
 */
export const CO_DEALS = {
  linked: '40000101',
  onProject2: '40000103',
  unlinked: '40000106',
  unlabeled: '40000107',
} as const;
export const CO_PROJECTS = { first: '60000001', second: '60000002' } as const;

/** What a CO form needs from the server: the CO template and the deal's client signatory. */
export interface CoDealFixture {
  templateId: string;
  dealId: string;
  projectId: string | null;
  signatory: { id: string; email: string; name: string };
}

/** Reads the CO template and the deal's first client signatory as the /co screen does. */
export async function coDealFixture(
  http: StaffHttp,
  dealId: string = CO_DEALS.linked,
): Promise<CoDealFixture> {
  const templateId = (await http().get('/api/co/get-templates').expect(200)).body.templates[0]
    ._id as string;
  const deal = (await http().get(`/api/co/get-deal/${dealId}`).expect(200)).body as DealLookupView;
  const [contact] = deal.clientSignatories;
  return {
    templateId,
    dealId,
    projectId: deal.project?.project.id ?? null,
    signatory: {
      id: contact.id,
      email: contact.email as string,
      name: [contact.firstname, contact.lastname].filter(Boolean).join(' '),
    },
  };
}

/** A valid CO form for the deal: its signatory chosen, Split Payment 900 + 600 of 1,500. */
export function coBody(
  fixture: CoDealFixture,
  overrides: Partial<CoCreateContractRequest> = {},
): CoCreateContractRequest {
  return {
    templateId: fixture.templateId,
    deal_id: fixture.dealId,
    project_id: `Project ${fixture.projectId ?? CO_PROJECTS.first}`,
    project_address: '221 Alder Court, San Jose, CA 95112',
    signatory_name: fixture.signatory.name,
    signatory_email: fixture.signatory.email,
    signatory_phone: '+14085550111',
    description: 'Add a structural beam over the new kitchen opening.',
    fee: 1500,
    payment_terms: SPLIT_PAYMENT,
    firstPayment: 900,
    secondPayment: 600,
    specifications_provisions: 'Beam sized per the revised calculations.',
    main_contract_signed_date: null,
    csm_email: 'csm@prosign.example',
    pm_email: 'pm@prosign.example',
    cc_emails: ['pm@prosign.example'],
    associationLabel: null,
    selectedHSSignatoryId: fixture.signatory.id,
    selectedHSProjectId: fixture.projectId ?? CO_PROJECTS.first,
    duplicateDealId: null,
    ...overrides,
  };
}

/** Creates the CO document and sends it, through the /co screen's two calls. */
export async function sendCo(
  http: StaffHttp,
  fixture: CoDealFixture,
  overrides: Partial<CoCreateContractRequest> = {},
): Promise<CoSendResult & { docLink: string }> {
  const body = coBody(fixture, overrides);
  const created = await http().post('/api/co/create-contract').send(body).expect(200);
  const docLink = created.body.docLink as string;
  const sent = await http()
    .post('/api/co/send-contract')
    .send({ ...body, docLink })
    .expect(200);
  return { ...(sent.body as CoSendResult), docLink };
}
