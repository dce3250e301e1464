import { ROUTES, STAFF_ROOM, STANDARD_FILTERS } from '@prosign/domain';
import type { AgreementFamilyRegistration, FieldError } from '../../../src/modules/agreements';
import { linkFamilyDriver } from './drivers';

/** The throwaway family's form: what its creation screen would send. */
export interface LeaseForm {
  lessee_name: string;
  lessee_email: string;
  lessee_phone: string;
  equipment: string;
  monthly_rent: string;
  site_address: string;
  deal_id: string;
  csm_email: string;
  cc_emails: string;
}

const REQUIRED: readonly (keyof LeaseForm)[] = [
  'lessee_name',
  'lessee_email',
  'equipment',
  'monthly_rent',
  'site_address',
  'csm_email',
];

/** A demo CRM deal of the local CRM (default pipeline) the leases are written on. */
const LEASE_DEAL = '40000011';

/** A valid lease form, as its screen would send it. */
function leaseBody(): LeaseForm {
  return {
    lessee_name: 'Priya Natarajan',
    lessee_email: 'priya.natarajan@example.com',
    lessee_phone: '+14155550177',
    equipment: 'Two shoring jacks and a laser level',
    monthly_rent: '$420.00',
    site_address: '17 Pier Road, Oakland, CA 94607',
    deal_id: LEASE_DEAL,
    csm_email: 'csm@prosign.example',
    cc_emails: 'office@natarajan.example.com',
  };
}

/** The form from a request body, or each missing field (the generic creation answers 400). */
function leaseFormOf(
  input: Record<string, unknown>,
): { form: LeaseForm } | { errors: FieldError[] } {
  const text = (key: keyof LeaseForm) =>
    typeof input[key] === 'string' ? (input[key] as string).trim() : '';
  const errors = REQUIRED.filter((key) => !text(key)).map((field) => ({
    field,
    message: `${field} is required`,
  }));
  if (errors.length) return { errors };
  const form = Object.fromEntries(
    (Object.keys(leaseBody()) as (keyof LeaseForm)[]).map((key) => [key, text(key)]),
  ) as unknown as LeaseForm;
  return { form };
}

/**
 * A family that exists only in this test: one object, its domain definition and its server
 * half, with a small template of its own, created and sent through the generic creation
 * routes (`/api/lease/create-contract`, `send-contract`) and signed on `/lease-signature/…`.
 */
export const LEASE_FAMILY: AgreementFamilyRegistration<LeaseForm> = {
  definition: {
    id: 'lease',
    label: 'Equipment lease',
    noun: 'equipment lease',
    pluralNoun: 'equipment leases',
    documentName: 'equipment lease',
    signerWord: 'lessee',
    idNoun: 'an equipment lease id',
    initialStatus: 'not-signed',
    actionOverrides: {},
    filters: STANDARD_FILTERS,
    dashboard: { access: 'dashboardAccess', staffRoom: STAFF_ROOM, path: ROUTES.dashboard },
    apiPrefix: 'lease',
    signing: { kind: 'link', segment: 'lease-signature', signatureFontSizePx: 35 },
    crm: { record: 'deal', fileFolder: '/ProSign/Equipment leases' },
    mail: { documentTitle: 'Equipment Lease', heading: 'Equipment Lease' },
  },
  mailedFields: {
    reviewLinkMail: ['lessee_email', 'lessee_name', 'site_address'],
    ccCopy: ['cc_emails'],
  },
  recipientFields: { reviewLinkMail: ['lessee_email'], ccCopy: ['cc_emails'] },
  parties: (form) => ({
    signerName: form.lessee_name,
    signerEmail: form.lessee_email,
    signerPhone: form.lessee_phone || null,
    copyTo: form.cc_emails
      .split(',')
      .map((email) => email.trim())
      .filter(Boolean),
    senderEmail: form.csm_email,
  }),
  withSigner: (form, signer) => ({
    ...form,
    lessee_name: signer.name,
    lessee_email: signer.email,
    lessee_phone: signer.phone ?? '',
  }),
  title: (form) => `Equipment lease: ${form.site_address}`,
  searchText: (form) =>
    [form.lessee_name, form.lessee_email, form.site_address, form.equipment]
      .join(' ')
      .toLowerCase(),
  crm: { dealId: (form) => form.deal_id || null, projectId: () => null },
  creation: {
    template: {
      _id: 'lease-equipment-agreement',
      title: 'Equipment Lease Agreement',
      content: {
        contractKind: 'lease',
        letterhead: { firmName: 'Bayline Engineering Group, Inc.', lines: ['(510) 555-0142'] },
        title: 'Equipment Lease Agreement',
        subtitle: 'Site: $site_address',
        sections: [
          {
            key: 'lease_equipment',
            heading: 'Equipment',
            body: 'Bayline Engineering Group, Inc. (the "Lessor") leases to $lessee_name (the "Lessee") the following equipment for use at $site_address: $equipment.',
          },
          {
            key: 'lease_rent',
            heading: 'Rent',
            body: 'The Lessee pays $monthly_rent a month, in advance, until the equipment is returned in the condition it was received.',
          },
        ],
        signatureBlock: {
          firm: { name: 'Daniel R. Whitaker, P.E., S.E.', title: 'Principal Engineer' },
          clientName: '$lessee_name',
          clientLabel: 'Lessee',
        },
      },
    },
    formOf: leaseFormOf,
    documentValues: (form) => ({ ...form }),
  },
};

/** The throwaway family's driver: the generic creation routes, for the lessee on the demo deal. */
export const LEASE_DRIVER = linkFamilyDriver('lease', 'csm@prosign.example', async () => ({
  body: leaseBody(),
  firstSigner: { name: 'Priya Natarajan', email: 'priya.natarajan@example.com' },
  crmRecord: { type: 'deals', id: LEASE_DEAL },
}));
