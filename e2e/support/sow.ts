// A Scope-of-Work sent to a demo partner through the API, as the /sow screen does, for the
// browser tests that start at the partner's link.
import { expect, type APIRequestContext } from '@playwright/test';
import { apiUrl } from './staff';

/** A demo project of the local CRM and a demo partner (Mei Lin: OSE, SSS). */
export const SOW_PROJECT_ID = '60000003';
export const SOW_PARTNER = {
  id: '55000003',
  name: 'Mei Lin',
  email: 'mei.lin@partners.example.com',
};

/** A valid SOW for Mei Lin on the demo project (as backend/test/support/sow-fixtures.ts). */
export function sowBody(projectAddress: string) {
  const at = new Date(Date.now() + 7 * 24 * 3600_000);
  return {
    templateName: 'Residential',
    cp_name: SOW_PARTNER.name,
    cp_email: SOW_PARTNER.email,
    cp_phone: '+14085550203',
    cp_roles: ['designer_cp', 'ose_cp'],
    fees: { designer_fee_test: '1200', ose_fee_test: '350.50' },
    cc_emails: ['pm@prosign.example'],
    project_type: 'Residential',
    project_id: SOW_PROJECT_ID,
    project_address: projectAddress,
    project_overview: 'Second-storey addition over the garage.',
    timeline: { kind: 'duration', amount: 1, unit: 'weeks' },
    site_visit_date_time: `${at.toISOString().slice(0, 10)}T10:30`,
    pm_email: 'pm@prosign.example',
    selectedCpId: SOW_PARTNER.id,
    selectedHSProjectId: SOW_PROJECT_ID,
  };
}

/** Creates and sends a SOW for the address (a PM's session on `request`); its signing link. */
export async function sendSow(
  request: APIRequestContext,
  projectAddress: string,
): Promise<{ link: string; customId: string }> {
  const body = sowBody(projectAddress);
  const created = await request.post(`${apiUrl}/sow/create-contract`, { data: body });
  expect(created.status(), await created.text()).toBe(200);
  const { docLink } = (await created.json()) as { docLink: string };
  const sent = await request.post(`${apiUrl}/sow/send-contract`, { data: { ...body, docLink } });
  expect(sent.status(), await sent.text()).toBe(200);
  const { signaturePageLink, customId } = (await sent.json()) as {
    signaturePageLink: string;
    customId: string;
  };
  return { link: signaturePageLink, customId };
}
