import {
  SCOPE_CO_ROLE_WARNING,
  STORAGE_KEYS,
  BLACKLISTED_PARTNER_CONFIRMATION,
} from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SowPage } from '../SowPage';
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
    'POST /api/sow/get-missing-properties': () => ({ missingProperties: ['project.project_type'] }),
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

/**
 * Long text entered as one paste: the page re-renders and re-validates the
 * whole form on each keystroke, and typing it key by key made this suite's
 * longest test take a minute on a loaded two-core machine.
 */
async function enterText(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
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

jest.setTimeout(60_000);
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

  it('asks for the site visit only when a role needs one (OSE, MDEC, SSS)', async () => {
    const user = userEvent.setup();
    storeResend();
    const api = await renderPage();
    expect(
      screen.queryByRole('group', { name: /Site visit date and time/ }),
    ).not.toBeInTheDocument();

    await chooseRoles(user, ['On-Site Engineer']);
    expect(screen.getByRole('group', { name: /Site visit date and time/ })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'On-Site Engineer (OSE) fee' }), '350');
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    expect(await screen.findByText('Enter the site visit date and time.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(createBodies(api)).toHaveLength(0);

    await chooseRoles(user, ['On-Site Engineer']);
    expect(
      screen.queryByRole('group', { name: /Site visit date and time/ }),
    ).not.toBeInTheDocument();
  });

  it('keeps the rest of a filled site visit when its year is corrected', async () => {
    const user = userEvent.setup();
    storeResend({ cp_roles: 'ose_cp', site_visit_date_time: '2027-03-04T10:30' });
    await renderPage();
    const visit = screen.getByRole('group', { name: /Site visit date and time/ });
    const part = (name: string) =>
      within(visit).getByRole('spinbutton', { name: new RegExp(`^${name}`) });
    expect(part('year')).toHaveTextContent('2027');
    await user.click(part('year'));
    await user.keyboard('2028');
    expect(part('year')).toHaveTextContent('2028');
    expect(part('month')).toHaveTextContent('3');
    expect(part('day')).toHaveTextContent('4');
    expect(part('hour')).toHaveTextContent('10');
    expect(part('minute')).toHaveTextContent('30');
  });

  it('warns about scope change-order roles and totals their fees apart', async () => {
    const user = userEvent.setup();
    storeResend();
    await renderPage();
    expect(screen.queryByText(SCOPE_CO_ROLE_WARNING)).not.toBeInTheDocument();
    await chooseRoles(user, ['Scope CO1', 'Scope CO2']);
    expect(screen.getByText(SCOPE_CO_ROLE_WARNING)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Scope CO1 fee' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Scope CO2 fee' }), '50.25');
    await user.tab();
    expect(screen.getByRole('status', { name: 'Total Scope COn Fee' })).toHaveTextContent(
      '$150.25',
    );
    expect(screen.getByRole('status', { name: 'Total payment' })).toHaveTextContent('$1,350.25');
  });

  it('asks before using a blacklisted partner and sends the confirmation', async () => {
    const user = userEvent.setup();
    storeResend({ cp_name: '', cp_email: '' });
    const api = await renderPage();
    await user.click(screen.getByRole('button', { name: /Find a community partner/ }));
    await user.keyboard('rex');
    await user.click(await screen.findByRole('option', { name: /Rex Stone/ }, { timeout: 3000 }));

    const dialog = await screen.findByRole('dialog', { name: 'Blacklisted community partner' });
    expect(dialog).toHaveTextContent(BLACKLISTED_PARTNER_CONFIRMATION);
    await user.click(within(dialog).getByRole('button', { name: 'Use this partner' }));
    expect(screen.getByRole('textbox', { name: /Partner e-mail/ })).toHaveValue(
      'rex.stone@partners.example',
    );

    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    const crm = await screen.findByRole('dialog', { name: 'Update the CRM?' });
    await user.click(within(crm).getByRole('button', { name: 'Create without updating' }));
    await waitFor(() => expect(createBodies(api)).toHaveLength(1));
    expect(createBodies(api)[0]).toMatchObject({ selectedCpId: 'cp-7', blacklistConfirmed: true });
  });

  it('cancelling the blacklisted question leaves the partner unchosen', async () => {
    const user = userEvent.setup();
    storeResend({ cp_name: '', cp_email: '' });
    await renderPage();
    await user.click(screen.getByRole('button', { name: /Find a community partner/ }));
    await user.keyboard('rex');
    await user.click(await screen.findByRole('option', { name: /Rex Stone/ }, { timeout: 3000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Blacklisted community partner' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: /Partner e-mail/ })).toHaveValue('');
  });

  it('shows Creating… while the contract is created and cannot be pressed twice', async () => {
    const user = userEvent.setup();
    storeResend();
    const api = await renderPage({ 'POST /api/sow/create-contract': () => new Promise(() => {}) });
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Create without updating',
      }),
    );
    const button = await screen.findByRole('button', { name: 'Creating…' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(createBodies(api)).toHaveLength(1);
  });

  it('puts the server’s refusal under the field it names and shows a 409 as a notice', async () => {
    const user = userEvent.setup();
    storeResend();
    let answer: unknown = {
      statusCode: 400,
      message: ['The fee for Designer can have at most two decimals.'],
    };
    await renderPage({
      'POST /api/sow/create-contract': () => {
        throw answer;
      },
    });
    const create = async () => {
      await user.click(screen.getByRole('button', { name: 'Create Contract' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: 'Create without updating',
        }),
      );
    };
    await create();
    const fee = screen.getByRole('textbox', { name: 'Designer fee' });
    await waitFor(() => expect(fee).toHaveAccessibleDescription(/at most two decimals/));
    expect(await screen.findByText('Failed to create the contract')).toBeInTheDocument();

    answer = {
      statusCode: 409,
      message:
        'A community partner with the email mei.lin@partners.example already exists. Select them from the list.',
    };
    await create();
    expect(
      await screen.findByText(/already exists\. Select them from the list\./),
    ).toBeInTheDocument();
  });

  it('creates, refuses a section without its placeholders, saves, previews and sends', async () => {
    const user = userEvent.setup();
    const api = await renderPage();
    await user.type(screen.getByRole('combobox', { name: /Project/ }), '88 Orchard');
    await user.click(
      await screen.findByRole('option', { name: /88 Orchard Lane/ }, { timeout: 3000 }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Project address/ })).toHaveValue(
        PROJECT.properties.address,
      ),
    );
    // The project's id and address are read-only and shown whole (a box that wraps and grows).
    for (const name of [/Project address/, /Project ID/]) {
      const box = screen.getByRole('textbox', { name });
      expect(box.tagName).toBe('TEXTAREA');
      expect(box).toHaveAttribute('readonly');
      expect(box).toHaveClass('ps-input--read-only');
    }
    await user.type(screen.getByRole('textbox', { name: /Partner name/ }), 'Ana Diaz');
    await enterText(
      user,
      screen.getByRole('textbox', { name: /Partner e-mail/ }),
      'ana@partners.example',
    );
    await chooseRoles(user, ['Designer']);
    expect(screen.getByRole('textbox', { name: /Services and deliverables/ })).toHaveValue(
      'Designer: Design drawings for permit.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Designer fee' }), '900');
    await user.type(screen.getByRole('spinbutton', { name: /Timeline/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    const crm = await screen.findByRole('dialog', { name: 'Update the CRM?' });
    expect(await within(crm).findByText('The CRM lacks: project.project_type.')).toBeVisible();
    await user.click(within(crm).getByRole('button', { name: 'Update CRM and create' }));
    expect(await screen.findByText('Contract is created')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/sow/update-hs')?.body).toMatchObject({
      projectId: PROJECT.id,
      contractFormData: { cp_email: 'ana@partners.example', cp_roles: ['designer_cp'] },
    });
    expect(createBodies(api)[0]).toMatchObject({
      project_id: PROJECT.id,
      fees: { designer_fee_test: 900 },
      timeline: { kind: 'duration', amount: 1, unit: 'weeks' },
      cc_emails: ['pm@prosign.example'],
      pm_email: 'pm@prosign.example',
    });

    const payment = await screen.findByRole('textbox', { name: 'Payment' });
    expect(payment).toHaveValue('The Firm pays <<$payment_amount:$900.00>>.');
    await user.clear(payment);
    await enterText(user, payment, 'The Firm pays on time.');
    expect(payment).toHaveAccessibleDescription(
      'Placeholders cannot be removed: Payment is missing $payment_amount.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(createBodies(api)).toHaveLength(1);
    await user.clear(payment);
    await enterText(user, payment, 'The Firm pays $payment_amount within 30 days.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(createBodies(api)).toHaveLength(2));
    expect(createBodies(api)[1]).toMatchObject({
      docLink: 'http://api.test/api/documents/doc-1/edit',
      sections: { template_payment: 'The Firm pays $payment_amount within 30 days.' },
    });

    expect(await screen.findByRole('region', { name: 'SOW document' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Contract for Sign' }));
    expect(await screen.findByText(/sent successfully/)).toBeInTheDocument();
    const modal = await screen.findByRole('dialog', { name: /Copy link/ });
    expect(within(modal).getByRole('textbox', { name: 'Signing link' })).toHaveValue(
      'http://sign.test/sow-signature/abc',
    );
  });

  it('going back from the template text forgets the document', async () => {
    const user = userEvent.setup();
    storeResend();
    const api = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Create without updating',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Back to the form' }));
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Create without updating',
      }),
    );
    await waitFor(() => expect(createBodies(api)).toHaveLength(2));
    expect(createBodies(api)[1].docLink).toBeNull();
    expect(createBodies(api)[1]).toMatchObject({ cp_roles: ['designer_cp'] });
  });

  it('edit and resend: prefills from the saved SOW and sends it as its replacement', async () => {
    const user = userEvent.setup();
    storeResend();
    const api = await renderPage();
    expect(
      screen.getByText(/Edit and Resend: this SOW replaces the one sent to Mei Lin/),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Partner e-mail/ })).toHaveValue(
      'mei.lin@partners.example',
    );
    expect(screen.getByRole('textbox', { name: 'Designer fee' })).toHaveValue('$1,200.00');
    expect(screen.getByRole('spinbutton', { name: /Timeline/ })).toHaveValue(3);
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Create without updating',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Send Contract for Sign' }));
    await screen.findByRole('dialog', { name: /Copy link/ });
    const sendBody = api.calls.find((call) => call.path === '/api/sow/send-contract')?.body;
    expect(sendBody).toMatchObject({ replacesId: 'sow-1', cp_email: 'mei.lin@partners.example' });
    expect(window.localStorage.getItem(STORAGE_KEYS.editAndResendSowContractData)).toBeNull();
  });

  it('sends the signers added besides the partner, and their order, on create and send', async () => {
    const user = userEvent.setup();
    storeResend();
    const api = await renderPage();
    const signers = screen.getByRole('group', { name: 'Additional signers' });
    expect(within(signers).getByText(/Only the partner above signs/)).toBeInTheDocument();
    await user.click(within(signers).getByRole('button', { name: 'Add a signer' }));
    const second = within(signers).getByRole('group', { name: 'Signer 2' });
    await user.type(within(second).getByRole('textbox', { name: /Name/ }), 'Luis Alvarez');
    await user.type(within(second).getByRole('textbox', { name: /E-mail/ }), 'luis@example.com');
    expect(within(signers).getByText(/Mei Lin signs first/)).toBeInTheDocument();
    await user.click(within(signers).getByRole('radio', { name: /Sign at the same time/ }));

    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Create without updating',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Send Contract for Sign' }));
    await screen.findByRole('dialog', { name: /Copy link/ });
    const signerFields = {
      additional_signers: [{ name: 'Luis Alvarez', email: 'luis@example.com' }],
      signing_order: 'parallel',
    };
    expect(createBodies(api)).toHaveLength(2);
    for (const body of createBodies(api)) expect(body).toMatchObject(signerFields);
    const sendBody = api.calls.find((call) => call.path === '/api/sow/send-contract')?.body;
    expect(sendBody).toMatchObject({ cp_email: 'mei.lin@partners.example', ...signerFields });
  });

  it('edit and resend keeps the replaced SOW’s countersigner over the family’s default, and sends them', async () => {
    const user = userEvent.setup();
    const PAT = { email: 'pat.nguyen@prosign.example', name: 'Pat Nguyen', title: 'Principal' };
    storeResend({
      recipients: [
        {
          id: 'signer-1',
          role: 'signer',
          name: 'Mei Lin',
          email: 'mei.lin@partners.example',
          order: 1,
        },
        {
          id: 'firm',
          role: 'countersigner',
          name: PAT.name,
          email: PAT.email,
          order: 2,
          staffUserId: PAT.email,
          title: PAT.title,
        },
      ],
    });
    const api = await renderPage({
      // The default names someone else: the replaced SOW's countersigner is kept.
      'GET /api/countersign/defaults': () => ({
        defaults: { standard: null, sow: { email: 'other@prosign.example' }, co: null },
      }),
    });
    const firm = screen.getByRole('group', { name: 'Countersignature' });
    expect(within(firm).getByRole('checkbox', { name: /Require the firm/ })).toBeChecked();
    expect(within(firm).getByLabelText(/Printed name/)).toHaveValue('Pat Nguyen');
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Create without updating',
      }),
    );
    await waitFor(() => expect(createBodies(api)).toHaveLength(1));
    expect(createBodies(api)[0]).toMatchObject({ countersigner: PAT });
  });

  it('edit and resend asks the replaced SOW’s other signers again, in the same order', async () => {
    const user = userEvent.setup();
    const recipient = (id: string, name: string, email: string, order: number) => ({
      id,
      role: 'signer',
      name,
      email,
      order,
    });
    storeResend({
      recipients: [
        recipient('signer-1', 'Mei Lin', 'mei.lin@partners.example', 1),
        recipient('signer-2', 'Luis Alvarez', 'luis@example.com', 2),
      ],
    });
    const api = await renderPage();
    const second = screen.getByRole('group', { name: /Signer 2/ });
    expect(within(second).getByRole('textbox', { name: /E-mail/ })).toHaveValue('luis@example.com');
    expect(screen.getByRole('radio', { name: /Sign one after the other/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Create without updating',
      }),
    );
    await waitFor(() => expect(createBodies(api)).toHaveLength(1));
    expect(createBodies(api)[0]).toMatchObject({
      additional_signers: [{ name: 'Luis Alvarez', email: 'luis@example.com' }],
      signing_order: 'sequential',
    });
  });

  it('refuses a signer with the partner’s address beside the field, and creates nothing', async () => {
    const user = userEvent.setup();
    storeResend();
    const api = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Add a signer' }));
    const second = screen.getByRole('group', { name: 'Signer 2' });
    await user.type(within(second).getByRole('textbox', { name: /Name/ }), 'Luis Alvarez');
    const email = within(second).getByRole('textbox', { name: /E-mail/ });
    await user.type(email, 'MEI.LIN@partners.example');
    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(/Mei Lin and Luis Alvarez have the same e-mail/),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(createBodies(api)).toHaveLength(0);
    // Fixed: the error goes as the address changes.
    await user.clear(email);
    await user.type(email, 'luis@example.com');
    await waitFor(() => expect(email).not.toHaveAccessibleDescription(/same e-mail/));
  });

  it('has no serious accessibility violations on the form', async () => {
    storeResend();
    await renderPage();
    await act(async () => expectNoSeriousAxeViolations());
  });
});
