import {
  CO_FORM_FIELDS,
  CO_MESSAGES,
  CO_PAYMENT_TERMS,
  STORAGE_KEYS,
  existingSignatoryMessage,
  type CoFormFieldsResponse,
  type DealLookupView,
} from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ChangeOrderPage } from '../ChangeOrderPage';
import { fakeApi, type Handler } from '../../test-support/fake-api';

const COMPANY_CC = 'contracts@prosign.example';
const TEMPLATE = {
  _id: 'co-tpl',
  name: 'Change Order',
  type: 'main' as const,
  templateFields: {
    template_start: 'This Change Order for $project_address is signed by $signatory_name.',
    template_change_order_acknowledgement: 'The fee of this change is $fee.',
  },
  updatedAt: null,
  updatedBy: null,
};
const DEFINITION: CoFormFieldsResponse = {
  template: TEMPLATE,
  formFields: [...CO_FORM_FIELDS],
  templateFields: TEMPLATE.templateFields,
  paymentTerms: [...CO_PAYMENT_TERMS],
  ccChoices: [COMPANY_CC, 'pm@prosign.example'],
  companyCcEmail: COMPANY_CC,
};

const PROJECT = {
  id: '60000001',
  properties: { address: '77 Harbor Way, Oakland, CA', property_address: '77 Harbor Way' },
};

/** A change-order deal as Home hands it over: no project, no label. */
const DEAL: DealLookupView = {
  deal: {
    id: '40000106',
    properties: { address: '77 Harbor Way', city: 'Oakland', state: 'CA', dealname: 'CO 4' },
  },
  clientSignatories: [
    {
      id: 'c-1',
      firstname: 'Ana',
      middlename: null,
      lastname: 'Ortiz',
      email: 'ana.ortiz@client.example',
      phone: '+15105550111',
    },
  ],
  redirect: true,
  project: null,
};

/** What the CO dashboard's Edit and Resend leaves (spec 3 §4). */
function storeResend(overrides: Record<string, unknown> = {}) {
  window.localStorage.setItem(
    STORAGE_KEYS.editAndResendCoContractData,
    JSON.stringify({
      _id: 'co-1',
      templateId: 'co-tpl',
      deal_id: '40000106',
      project_id: '77 Harbor Way, Oakland, CA',
      project_address: '77 Harbor Way, Oakland, CA',
      signatory_name: 'Ana Ortiz',
      signatory_email: 'ana.ortiz@client.example',
      signatory_phone: '+15105550111',
      description: 'Add a second bathroom.',
      fee: 1000,
      payment_terms: 'Split Payment',
      firstPayment: 400,
      secondPayment: 600,
      main_contract_signed_date: '2025-03-14',
      csm_email: 'csm@prosign.example',
      pm_email: 'pm@prosign.example',
      cc_emails: `${COMPANY_CC},pm@prosign.example`,
      coLabel: 'Change Order 4',
      notAvailableLabels: ['Change Order 1', 'Change Order 2', 'Change Order 3'],
      selectedHSSignatoryId: 'c-1',
      selectedHSProjectId: PROJECT.id,
      template_start: 'Edited start for $project_address by $signatory_name.',
      templateFields: {
        template_start: 'Edited start for $project_address by $signatory_name.',
      },
      ...overrides,
    }),
  );
}

function routes(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/co/get-templates': () => ({ templates: [{ _id: 'co-tpl', name: 'Change Order' }] }),
    'GET /api/co/get-form-fields/co-tpl': () => DEFINITION,
    'GET /api/access/user': (_body, query) => ({
      users: [{ email: query.role === 'pm' ? 'pm@prosign.example' : 'csm@prosign.example' }],
    }),
    'GET /api/co/get-deal/40000106': () => DEAL,
    'GET /api/co/search-projects': () => ({ projects: [PROJECT] }),
    'GET /api/co/get-next-project-association-label/60000001': () => ({
      date: '2025-03-14',
      notAvailableLabels: ['Change Order 1', 'Change Order 2', 'Change Order 3'],
      nextLabel: 'Change Order 4',
    }),
    'GET /api/co/search-contacts': () => ({ contacts: [], count: 0 }),
    'POST /api/co/update-hs': () => ({ success: true }),
    'POST /api/co/get-missing-properties': () => ({
      isValid: false,
      missingProperties: ['project_type'],
      contactsWithInvalidRoles: [],
    }),
    'POST /api/co/duplicate-deal': () => ({ dealId: '40000999' }),
    'POST /api/co/create-contract': (body) => ({
      docLink: 'http://api.test/api/documents/d/doc1/edit',
      coLabel: 'Change Order 4',
      fee: Number((body as { fee: number }).fee),
      firstPayment: 0,
      secondPayment: 0,
    }),
    'POST /api/co/send-contract-cc': () => ({ success: true }),
    'POST /api/co/send-contract': () => ({
      signaturePageLink: 'http://sign.test/co-signature/xyz',
      customId: 'xyz',
      _id: 'co-2',
      status: 'not-signed',
    }),
    ...overrides,
  };
}

function renderCo(state: unknown, overrides: Record<string, Handler> = {}) {
  const api = fakeApi(routes(overrides));
  render(
    <MemoryRouter initialEntries={[{ pathname: '/co', state }]}>
      <Routes>
        <Route path="/co" element={<ChangeOrderPage />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: api.wrapper },
  );
  return api;
}

const bodiesOf = (api: ReturnType<typeof renderCo>, path: string) =>
  api.calls
    .filter((call) => call.path === path)
    .map((call) => call.body as Record<string, unknown>);

async function chooseProjectAndLabel(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.type(screen.getByRole('combobox', { name: /^Project/ }), '60000001');
  await user.click(await screen.findByRole('option', { name: /77 Harbor Way/ }, { timeout: 3000 }));
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /Project association label/ })).toBeEnabled(),
  );
  await user.click(screen.getByRole('button', { name: /Project association label/ }));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${label}`) }));
}

jest.setTimeout(60_000);
beforeEach(() => window.localStorage.clear());

describe('/co', () => {
  it('goes to / when opened without deal data or resend data', async () => {
    renderCo(null);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('asks for a project and a free label when the deal has none; used labels are disabled', async () => {
    const user = userEvent.setup();
    const api = renderCo({ dealData: DEAL, redirect: true });
    expect(
      screen.getByRole('heading', { level: 1, name: 'ProSign Change Order' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Search the HS Deal by Address, Deal ID or HS Deal Url to start.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Search the HS Deal/ })).toHaveValue(
      '77 Harbor Way, Oakland, CA',
    );
    expect(screen.getByText(CO_MESSAGES.noAssociatedProject)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change order details' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: /^Project/ }), '60000001');
    await user.click(
      await screen.findByRole('option', { name: /77 Harbor Way/ }, { timeout: 3000 }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Project association label/ })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: /Project association label/ }));
    const list = await screen.findByRole('listbox');
    for (const used of ['Change Order 1', 'Change Order 2', 'Change Order 3']) {
      expect(within(list).getByRole('option', { name: new RegExp(`^${used}`) })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
    await user.click(within(list).getByRole('option', { name: /^Change Order 4/ }));

    // The project fills project_id (its address) and the main contract's signed date.
    const form = await screen.findByRole('form', { name: 'Change order details' });
    const projectBox = within(form).getByRole('textbox', { name: /^Project/ });
    expect(projectBox).toHaveValue('77 Harbor Way, Oakland, CA');
    // Read-only values wrap in a growing box, whole, rather than being cut by a one-line input.
    expect(projectBox.tagName).toBe('TEXTAREA');
    expect(projectBox).toHaveAttribute('readonly');
    expect(projectBox).toHaveClass('ps-input--read-only');
    expect(within(form).getByRole('textbox', { name: /Main Contract Signed Date/ })).toHaveValue(
      '2025-03-14',
    );
    expect(within(form).getByRole('textbox', { name: /Deal ID/ })).toHaveValue('40000106');
    // A single linked contact is chosen at once.
    expect(
      within(form).getByRole('button', { name: /Ana Ortiz \| ana.ortiz@client.example/ }),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.endsWith('/60000001'))).toBe(true);
    await expectNoSeriousAxeViolations(document.body);
  });

  it('keeps the two split amounts adding up to the fee and resets them when the terms change', async () => {
    const user = userEvent.setup();
    renderCo({ dealData: DEAL, redirect: true });
    await chooseProjectAndLabel(user, 'Change Order 4');
    const form = await screen.findByRole('form', { name: 'Change order details' });

    await user.type(within(form).getByRole('textbox', { name: /^Fee/ }), '1000');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: /Payment Terms/ }));
    await user.click(await screen.findByRole('option', { name: 'Split Payment' }));
    expect(within(form).getByText('Please specify the split Amount:')).toBeInTheDocument();

    const first = within(form).getByRole('textbox', { name: /First payment/ });
    const second = within(form).getByRole('textbox', { name: /Second payment/ });
    await user.clear(first);
    await user.type(first, '300');
    await user.tab();
    expect(second).toHaveValue('$700.00');

    await user.clear(second);
    await user.type(second, '1200');
    await user.tab();
    // Never below 0.
    expect(first).toHaveValue('$0.00');
    await user.clear(second);
    await user.type(second, '900');
    await user.tab();
    expect(first).toHaveValue('$100.00');

    // A negative amount is floored to 0 and the other is the whole fee (spec 3 §4).
    await user.clear(first);
    await user.type(first, '-200');
    await user.tab();
    expect(first).toHaveValue('$0.00');
    expect(second).toHaveValue('$1,000.00');

    await user.click(within(form).getByRole('button', { name: /Payment Terms/ }));
    await user.click(await screen.findByRole('option', { name: 'Net 30' }));
    expect(within(form).queryByRole('textbox', { name: /First payment/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: /Payment Terms/ }));
    await user.click(await screen.findByRole('option', { name: 'Split Payment' }));
    expect(within(form).getByRole('textbox', { name: /First payment/ })).toHaveValue('$0.00');
    expect(within(form).getByRole('textbox', { name: /Second payment/ })).toHaveValue('$0.00');
  });

  it('blocks Create when a typed signatory e-mail already belongs to a CRM contact', async () => {
    const user = userEvent.setup();
    storeResend({ selectedHSSignatoryId: null, signatory_email: 'known@client.example' });
    const api = renderCo(null, {
      // No contact linked to the deal: nothing is chosen for the user.
      'GET /api/co/get-deal/40000106': () => ({ ...DEAL, clientSignatories: [] }),
      'GET /api/co/search-contacts': () => ({
        contacts: [{ id: 'c-9', properties: { email: 'known@client.example' } }],
        count: 1,
      }),
    });
    const form = await screen.findByRole('form', { name: 'Change order details' });
    await user.click(within(form).getByRole('button', { name: 'Create Contract' }));
    const message = existingSignatoryMessage('known@client.example');
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesOf(api, '/api/co/create-contract')).toHaveLength(0);
    expect(api.calls.find((call) => call.path === '/api/co/search-contacts')?.query).toMatchObject({
      search: 'known@client.example',
    });
  });

  it('prefills an Edit and Resend, warns, and sends the new change order in place of the old one', async () => {
    const user = userEvent.setup();
    storeResend();
    const api = renderCo(null);
    expect(screen.getByRole('note')).toHaveTextContent(/Edit and Resend/);
    expect(screen.getByRole('combobox', { name: /Search the HS Deal/ })).toHaveValue(
      '40000106 | 77 Harbor Way, Oakland, CA',
    );
    const form = await screen.findByRole('form', { name: 'Change order details' });
    expect(within(form).getByRole('textbox', { name: /Description of Change/ })).toHaveValue(
      'Add a second bathroom.',
    );
    expect(within(form).getByRole('textbox', { name: /^Fee/ })).toHaveValue('$1,000.00');
    expect(within(form).getByRole('textbox', { name: /First payment/ })).toHaveValue('$400.00');
    expect(within(form).getByRole('textbox', { name: /Second payment/ })).toHaveValue('$600.00');

    await user.click(within(form).getByRole('button', { name: 'Create Contract' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('The CRM deal lacks: project_type.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update CRM and create' }));

    // Step 2: the template texts beside the preview, placeholders previewed.
    const start = await screen.findByRole('textbox', { name: 'Start' });
    expect(start).toHaveValue(
      'Edited start for <<$project_address:77 Harbor Way, Oakland, CA>> by <<$signatory_name:Ana Ortiz>>.',
    );
    expect(screen.getByRole('region', { name: 'Preview' })).toBeInTheDocument();
    // The label is the deal's already: no CRM association; the split's second payment is a deal copy.
    expect(bodiesOf(api, '/api/co/update-hs')).toHaveLength(0);
    expect(bodiesOf(api, '/api/co/duplicate-deal')).toEqual([{ dealId: '40000106', amount: 600 }]);
    expect(bodiesOf(api, '/api/co/create-contract')[0]).toMatchObject({
      deal_id: '40000106',
      duplicateDealId: '40000999',
      firstPayment: 400,
      secondPayment: 600,
      selectedHSSignatoryId: 'c-1',
      cc_emails: [COMPANY_CC, 'pm@prosign.example'],
    });

    const sendButton = screen.getByRole('button', { name: 'Send Contract for Sign' });
    expect(sendButton).toBeDisabled();
    // A dropped placeholder is refused before saving.
    await user.clear(start);
    await user.paste('No placeholders left.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/Placeholders cannot be removed: Start is missing/),
    ).toBeInTheDocument();
    await user.clear(start);
    await user.paste('Start for $project_address, signed by $signatory_name.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sendButton).toBeEnabled());

    await user.click(sendButton);
    expect(await screen.findByRole('dialog', { name: /Ana Ortiz/ })).toBeInTheDocument();
    const [sent] = bodiesOf(api, '/api/co/send-contract');
    expect(sent).toMatchObject({
      replacesId: 'co-1',
      docLink: 'http://api.test/api/documents/d/doc1/edit',
      templateFields: { template_start: 'Start for $project_address, signed by $signatory_name.' },
    });
    expect(
      (sent.templateFields as Record<string, string>).template_change_order_acknowledgement,
    ).toBe('The fee of this change is $fee.');
    expect(window.localStorage.getItem(STORAGE_KEYS.editAndResendCoContractData)).toBeNull();
    // The cc list's copy of the sent document.
    await waitFor(() =>
      expect(bodiesOf(api, '/api/co/send-contract-cc')).toEqual([
        { docLink: 'http://api.test/api/documents/d/doc1/edit' },
      ]),
    );
  });

  it('asks the replaced change order’s other signers again, adds one of the deal’s signatories, and sends them all', async () => {
    const user = userEvent.setup();
    const signer = (id: string, name: string, email: string) => ({
      id,
      role: 'signer',
      name,
      email,
      order: 1,
    });
    storeResend({
      recipients: [
        signer('signer-1', 'Ana Ortiz', 'ana.ortiz@client.example'),
        signer('signer-2', 'Omar Haddad', 'omar@lender.example'),
      ],
    });
    const ben = { id: 'c-2', firstname: 'Ben', middlename: null, lastname: 'Cole' };
    const api = renderCo(null, {
      'GET /api/co/get-deal/40000106': () => ({
        ...DEAL,
        clientSignatories: [
          ...DEAL.clientSignatories,
          { ...ben, email: 'ben.cole@client.example', phone: '' },
        ],
      }),
    });
    const form = await screen.findByRole('form', { name: 'Change order details' });
    const signers = within(form).getByRole('group', { name: 'Additional signers' });
    expect(
      within(within(signers).getByRole('group', { name: /Signer 2/ })).getByRole('textbox', {
        name: /E-mail/,
      }),
    ).toHaveValue('omar@lender.example');
    // Both signed at once before: the same again.
    expect(within(signers).getByRole('radio', { name: /Sign at the same time/ })).toBeChecked();
    // The deal's other signatory is offered; the signatory above is not.
    const picks = await within(signers).findByRole('group', { name: 'Signatories on the deal' });
    expect(within(picks).queryByRole('button', { name: /Ana Ortiz/ })).not.toBeInTheDocument();
    await user.click(within(picks).getByRole('button', { name: /Add Ben Cole/ }));

    await user.click(within(form).getByRole('button', { name: 'Create Contract' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Update CRM and create' }));
    await screen.findByRole('textbox', { name: 'Start' });
    const signerFields = {
      additional_signers: [
        { name: 'Omar Haddad', email: 'omar@lender.example' },
        { name: 'Ben Cole', email: 'ben.cole@client.example' },
      ],
      signing_order: 'parallel',
    };
    expect(bodiesOf(api, '/api/co/create-contract')[0]).toMatchObject(signerFields);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const sendButton = screen.getByRole('button', { name: 'Send Contract for Sign' });
    await waitFor(() => expect(sendButton).toBeEnabled());
    await user.click(sendButton);
    await screen.findByRole('dialog', { name: /Ana Ortiz/ });
    expect(bodiesOf(api, '/api/co/send-contract')[0]).toMatchObject({
      replacesId: 'co-1',
      ...signerFields,
    });
  });

  it('shows the server’s message when a send limit is exceeded', async () => {
    const user = userEvent.setup();
    storeResend();
    renderCo(null, {
      'POST /api/co/send-contract': () => {
        throw { statusCode: 429, message: 'Send limit exceeded: try again in an hour.' };
      },
    });
    const form = await screen.findByRole('form', { name: 'Change order details' });
    await user.click(within(form).getByRole('button', { name: 'Create Contract' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Update CRM and create',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const sendButton = screen.getByRole('button', { name: 'Send Contract for Sign' });
    await waitFor(() => expect(sendButton).toBeEnabled());
    await user.click(sendButton);
    expect(
      await screen.findByText('Send limit exceeded: try again in an hour.'),
    ).toBeInTheDocument();
    // Back to step 1 is possible.
    await user.click(screen.getByRole('button', { name: 'Back to the form' }));
    expect(await screen.findByRole('form', { name: 'Change order details' })).toBeVisible();
  });
});
