import {
  SCOPE_CO_ROLE_WARNING,
  STORAGE_KEYS,
  BLACKLISTED_PARTNER_CONFIRMATION,
} from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SowPage } from '../../pages/SowPage';
import { FORM_FIELDS, fakeApi, type Handler } from '../../test-support/fake-api';

const PROJECT = {
  id: '9001',
  properties: {
    address: '88 Orchard Lane, San Jose, CA 95112',
    property_address: '88 Orchard Lane',
    project_type: 'Residential',
    project_overview: 'Second-storey addition over the garage.',
  },
};

function nextWeek(): string {
  const at = new Date(Date.now() + 7 * 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T10:30`;
}

/** A SOW left by the dashboard's Edit and Resend: the whole form filled in. */
function storeResend(overrides: Record<string, unknown> = {}) {
  window.localStorage.setItem(
    STORAGE_KEYS.editAndResendSowContractData,
    JSON.stringify({
      _id: 'sow-1',
      cp_name: 'Mei Lin',
      cp_email: 'mei.lin@partners.example',
      cp_phone: '+14085550203',
      cp_roles: 'designer_cp',
      designer_fee_test: 1200,
      cc_emails: 'pm@prosign.example',
      project_id: PROJECT.id,
      project_address: PROJECT.properties.address,
      project_type: 'Residential',
      project_timeline: '3 weeks',
      pm_email: 'pm@prosign.example',
      selectedHSProjectId: PROJECT.id,
      ...overrides,
    }),
  );
}

function routes(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/sow/get-templates': () => ({ templates: [{ _id: 'tpl-1', name: 'Residential' }] }),
    'GET /api/sow/get-form-fields/Residential': () => FORM_FIELDS,
    'GET /api/sow/get-projects-by-address': () => ({ projects: [PROJECT] }),
    'POST /api/sow/get-project': () => ({
      project: PROJECT,
      contactDetails: [],
      hs_object_id: PROJECT.id,
    }),
    'GET /api/sow/search-cps': () => ({
      cps: [
        {
          id: 'cp-7',
          blacklisted: true,
          properties: {
            firstname: 'Rex',
            lastname: 'Stone',
            email: 'rex.stone@partners.example',
            phone: '+14085550999',
          },
        },
      ],
    }),
    'POST /api/sow/update-hs': () => ({ contactId: 'cp-1' }),
    'POST /api/sow/create-contract': () => ({
      docLink: 'http://api.test/api/documents/doc-1/edit',
      effective_date: '2026-11-23',
      payment_amount: 1200,
    }),
    'POST /api/sow/send-contract': () => ({
      signaturePageLink: 'http://sign.test/sow-signature/abc',
      customId: 'abc',
      _id: 'sow-2',
      status: 'not-signed',
    }),
    ...overrides,
  };
}

async function renderPage(overrides: Record<string, Handler> = {}) {
  const api = fakeApi(routes(overrides));
  render(<SowPage />, { wrapper: api.wrapper });
  await screen.findByRole('button', { name: 'Create Contract' });
  return api;
}

async function chooseRoles(user: ReturnType<typeof userEvent.setup>, labels: string[]) {
  await user.click(screen.getByRole('button', { name: /Partner roles/ }));
  const list = await screen.findByRole('listbox');
  for (const label of labels) {
    await user.click(within(list).getByRole('option', { name: new RegExp(`^${label}`) }));
  }
  await user.keyboard('{Escape}');
}

const createBodies = (api: { calls: { method: string; path: string; body?: unknown }[] }) =>
  api.calls
    .filter((call) => call.path === '/api/sow/create-contract')
    .map((call) => call.body as Record<string, unknown>);

jest.setTimeout(30_000);
beforeEach(() => window.localStorage.clear());

describe('/sow', () => {
  it('asks for a fee per chosen role, clears a deselected role’s fee and sums the total', async () => {
    const user = userEvent.setup();
    storeResend({ cp_roles: '', designer_fee_test: undefined });
    await renderPage();
    await chooseRoles(user, ['Designer', 'Drafter']);
    expect(screen.getByRole('textbox', { name: 'Designer fee' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    expect(await screen.findByText('Enter the fee for Designer.')).toBeInTheDocument();
    expect(screen.getByText('Enter the fee for Drafter.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Designer fee' }), '1200.5');
    await user.type(screen.getByRole('textbox', { name: 'Drafter fee' }), '300');
    await user.tab();
    expect(screen.getByRole('status', { name: 'Total payment' })).toHaveTextContent('$1,500.50');

    await chooseRoles(user, ['Drafter']);
    expect(screen.queryByRole('textbox', { name: 'Drafter fee' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Total payment' })).toHaveTextContent('$1,200.50');
    await chooseRoles(user, ['Drafter']);
    expect(screen.getByRole('textbox', { name: 'Drafter fee' })).toHaveValue('');
  });
});
