import type { SowCreateContractRequest } from '@prosign/domain';

/** Demo partners of the local CRM: Mei Lin (ose, sss) and Derek Vance (blacklisted). */
export const DEMO_PARTNERS = {
  mei: { id: '55000003', email: 'mei.lin@partners.example.com' },
  derek: { id: '55000010', email: 'derek.vance@partners.example.com' },
} as const;

export const DEMO_PROJECT_ID = '60000003';

/** A date-time a week ahead, as the site-visit picker sends it. */
function nextWeek(): string {
  const at = new Date(Date.now() + 7 * 24 * 3600_000);
  return `${at.toISOString().slice(0, 10)}T10:30`;
}

/** A valid SOW form for Mei Lin on the demo project, designer and OSE roles. */
export function sowBody(
  overrides: Partial<SowCreateContractRequest> = {},
): SowCreateContractRequest {
  return {
    templateName: 'Residential',
    cp_name: 'Mei Lin',
    cp_email: DEMO_PARTNERS.mei.email,
    cp_phone: '+14085550203',
    cp_roles: ['designer_cp', 'ose_cp'],
    fees: { designer_fee_test: '1200', ose_fee_test: '350.50' },
    cc_emails: ['pm@prosign.example'],
    project_type: 'Residential',
    project_id: DEMO_PROJECT_ID,
    project_address: '88 Orchard Lane, San Jose, CA 95112',
    project_overview: 'Second-storey addition over the garage.',
    timeline: { kind: 'duration', amount: 1, unit: 'weeks' },
    site_visit_date_time: nextWeek(),
    pm_email: 'pm@prosign.example',
    selectedCpId: DEMO_PARTNERS.mei.id,
    selectedHSProjectId: DEMO_PROJECT_ID,
    ...overrides,
  };
}
