// A standard contract created and sent by staff through the API (the creation
// screen's two calls), for the browser tests that start at the signer's mail.
import { expect, type APIRequestContext } from '@playwright/test';
import { apiUrl } from './staff';

/** The client record both calls carry (spec 2 §3), for a client of this name and address. */
export function standardClient(fullName: string, email: string) {
  return {
    full_name: fullName,
    email,
    contact_number: '+14155550123',
    company_name: 'Alvarez Family Trust',
    site_address: '2215 Larkin Street',
    city: 'San Francisco',
    state: 'CA',
    zipcode: '94109',
    cost: 12500,
    deposit: 6250,
    progress: 0,
    balance: 6250,
    csm_email: 'csm@prosign.example',
    pm_email: 'pm@prosign.example',
    t24ReportCount: 1,
  };
}

/** create-contract from the standard template with the client (and any extra fields); its docLink. */
export async function createStandardDocument(
  request: APIRequestContext,
  client: ReturnType<typeof standardClient>,
  extra: { formData?: Record<string, unknown>; body?: Record<string, unknown> } = {},
): Promise<string> {
  const apiOrigin = new URL(apiUrl).origin;
  const created = await request.post(`${apiUrl}/template/create-contract`, {
    data: {
      docLink: `${apiOrigin}/api/documents/d/standard-service-agreement/edit`,
      formData: {
        ...client,
        project_type: 'Seismic retrofit',
        serviceType: 'Structural Engineering',
        first_name: 'Maria',
        last_name: 'Alvarez',
        ...extra.formData,
      },
      ...extra.body,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { docLink: string }).docLink;
}

/**
 * Sends a created contract as the send screen does (its mail's subject "Your agreement {stamp}"),
 * with any further send fields; its signing link.
 */
export async function sendStandardContract(
  request: APIRequestContext,
  client: ReturnType<typeof standardClient>,
  docLink: string,
  stamp: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const sent = await request.post(`${apiUrl}/contracts/send`, {
    data: {
      ...client,
      docLink,
      form_type: 'Structural Engineering',
      contractTitle: 'Structural Engineering Agreement',
      subject: `Your agreement ${stamp}`,
      ...extra,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return ((await sent.json()) as { signingLink: string }).signingLink;
}
