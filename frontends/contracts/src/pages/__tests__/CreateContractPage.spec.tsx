import { CONTRACT_MESSAGES, STORAGE_KEYS } from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import type { ReactNode } from 'react';
import { fakeApi, type Handler } from '../../test-support/fake-api';
import { CreateContractPage } from '../../create/CreateContractPage';

const FIELDS = [
  ['full_name', 'Full Name', 'text', true, false],
  ['email', 'Email', 'email', true, false],
  ['contact_number', 'Phone Number', 'text', false, false],
  ['additional_email', 'Additional Email (cc)', 'text', false, false],
  ['site_address', 'Site Address', 'text', true, false],
  ['city', 'City', 'text', true, false],
  ['state', 'State', 'text', true, false],
  ['zipcode', 'Zip Code', 'text', true, false],
  ['cost', 'Cost', 'text', true, false],
  ['deposit', 'Deposit', 'text', true, false],
  ['progress', 'Progress Payment', 'text', false, false],
  ['balance', 'Balance', 'text', false, true],
  ['csm_email', 'CSM', 'dropdown', true, false],
  ['pm_email', 'PM', 'dropdown', false, false],
  ['hs_deal_id', 'Deal ID', 'text', false, true],
  ['stage', 'Deal Stage', 'text', false, true],
].map(([name, label, type, required, isNotEditable]) => ({
  name,
  label,
  type,
  required,
  isNotEditable,
  options: [],
}));

const CLAUSES = {
  start: 'This agreement is made with $full_name.',
  agreementTitle: 'Structural Engineering Agreement',
  projectDescription: 'Structural design at $site_address.',
  engineerBasicService: 'Structural calculations.',
  engineerAdditionalService: 'Site visits on request.',
  engineerFee: 'Fees as agreed.',
  licensingAndInsurance: 'Licensed in California.',
  termsAndConditions: 'Standard terms.',
};

const DEAL = {
  deal: {
    id: '40000005',
    properties: {
      amount: '12000',
      deposit_amount: '6000',
      progress_amount: '0',
      address: '1420 Alameda Ave, San Jose, CA 95126',
      customer_success_manager: '7',
      dealstage: 'appointmentscheduled',
      pipeline: 'default',
      project_type: null,
      dealname: 'Alameda ADU',
    },
  },
  clientSignatories: [
    {
      id: '1',
      firstname: 'Maria',
      middlename: null,
      lastname: 'Chen',
      email: 'maria@example.com',
      phone: '(415) 555-0101',
    },
  ],
  redirect: false,
  stageLabel: 'Appointment Scheduled',
};

function creationApi(overrides: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /api/service/get-services': () => [
      { _id: 's1', serviceName: 'Structural Engineering', position: 1, changeBasicServices: false },
      { _id: 's2', serviceName: 'Inspection', position: 2, changeBasicServices: false },
    ],
    'GET /api/form/Structural%20Engineering': () => ({ fields: FIELDS, additionalFields: CLAUSES }),
    'GET /api/access/user': () => ({ users: [{ email: 'csm@prosign.example', role: ['csm'] }] }),
    'GET /api/hubspot/deal-by-address': () => ({ deals: [DEAL.deal] }),
    'POST /api/hubspot/fetch-deal-by-id': () => DEAL,
    'GET /api/hubspot/owner': () => ({ owner: { id: '7', email: 'csm@prosign.example' } }),
    'GET /api/hubspot/check-deal-properties/40000005': () => ({
      isValid: false,
      missingProperties: ['project_type'],
      contactsWithInvalidRoles: [],
    }),
    'GET /api/hubspot/property': () => ({
      options: [
        { label: 'ADU', value: 'ADU' },
        { label: 'Remodel', value: 'Remodel' },
      ],
    }),
    'PATCH /api/hubspot/update-deal-by-prosign/40000005/update-missing': () => ({ success: true }),
    'PATCH /api/hubspot/update-deal-by-prosign/40000005/update-all': () => ({ success: true }),
    'POST /api/template/create-contract': () => ({
      docLink: 'http://api.test/api/documents/d/AbCdEfGhIjKlMnOpQrStUv/edit',
    }),
    'POST /api/contracts/send': () => ({
      token: 'tok',
      signingLink: 'http://localhost:8084/tok?docLink=x&prefix=contract',
      docLink: 'http://api.test/api/documents/d/AbCdEfGhIjKlMnOpQrStUv/edit',
      status: 'not signed',
      send: { state: 'completed', steps: {} },
    }),
    ...overrides,
  });
}

function setup(overrides: Record<string, Handler> = {}) {
  const api = creationApi(overrides);
  const Wrapper = api.wrapper;
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <MemoryRouter>
      <Wrapper>{children}</Wrapper>
    </MemoryRouter>
  );
  render(<CreateContractPage />, { wrapper });
  return api;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function pickDealAndService() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/search deal/i), '1420 Alameda');
  await user.click(
    await screen.findByRole('option', { name: /1420 Alameda Ave/ }, { timeout: 2000 }),
  );
  await choose(/Service/, 'Structural Engineering');
  await choose(/Title 24 reports/, '2');
  await screen.findByLabelText(/^Cost/);
}

/** Opens a picker by its button and clicks one of its options. */
async function choose(label: RegExp, option: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => localStorage.clear());

describe('CreateContractPage', () => {
  it("shows 'Type to search...' for an empty search and '--Select--' before the services", async () => {
    setup();
    expect(screen.getByRole('button', { name: /Service/ })).toHaveTextContent('--Select--');
    await userEvent.setup().click(screen.getByLabelText(/search deal/i));
    expect(await screen.findByText('Type to search...')).toBeInTheDocument();
  });

  it("says 'No matching addresses' when the search finds nothing", async () => {
    setup({ 'GET /api/hubspot/deal-by-address': () => ({ deals: [] }) });
    await userEvent.setup().type(screen.getByLabelText(/search deal/i), 'nowhere');
    expect(await screen.findByText('No matching addresses', {}, { timeout: 2000 })).toBeVisible();
  });

  it('prefills the form from the deal and applies the amount and phone rules', async () => {
    setup();
    await pickDealAndService();
    await waitFor(() => expect(field(/^Full Name/).value).toBe('Maria Chen'));
    expect(field(/^Email/).value).toBe('maria@example.com');
    expect(field(/^Phone Number/).value).toBe('+14155550101');
    expect(screen.getByRole('combobox', { name: /^Site Address/ })).toHaveValue('1420 Alameda Ave');
    expect(field(/^City/).value).toBe('San Jose');
    expect(field(/^Zip Code/).value).toBe('95126');
    expect(field(/^Cost/).value).toBe('12000');
    expect(field(/^Balance/)).toHaveAttribute('readonly');
    // The chosen deal is summed up in the left panel; read-only values read as labels.
    const summary = screen.getByRole('region', { name: 'Chosen deal' });
    expect(summary).toHaveTextContent('ClientMaria Chen');
    expect(summary).toHaveTextContent('StageAppointment Scheduled');
    expect(summary).toHaveTextContent('Amount$12,000.00');
    expect(field(/^Deal Stage/).value).toBe('Appointment Scheduled');
    // Read-only values are shown whole: a read-only box that wraps and grows, not a one-line input.
    for (const label of [/^Balance/, /^Deal ID/, /^Deal Stage/]) {
      expect(field(label).tagName).toBe('TEXTAREA');
      expect(field(label)).toHaveAttribute('readonly');
      expect(field(label)).toHaveClass('ps-input--read-only');
    }
    expect(screen.getByRole('group', { name: 'Fees' })).toContainElement(field(/^Balance/));
    // The deal owner is the CSM, shown by name (the part before the @).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /CSM/ })).toHaveTextContent('Csm'),
    );

    fireEvent.change(field(/^Cost/), { target: { value: '10000' } });
    expect(field(/^Deposit/).value).toBe('5000');
    expect(field(/^Balance/).value).toBe('5000');
    fireEvent.change(field(/^Phone Number/), { target: { value: '(650) 555-0199 ext' } });
    expect(field(/^Phone Number/).value).toBe('+16505550199');

    // The draft survives a reload.
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.contractFormData) ?? '{}');
    // The deal's pipeline goes with the form (Insights' pipeline filter).
    expect(stored.form).toMatchObject({
      cost: '10000',
      deposit: '5000',
      hs_deal_id: '40000005',
      hs_pipeline: 'default',
    });
  });

  it('chooses among several signatories and the PM from the keyboard', async () => {
    setup({
      'POST /api/hubspot/fetch-deal-by-id': () => ({
        ...DEAL,
        clientSignatories: [
          ...DEAL.clientSignatories,
          {
            id: '2',
            firstname: 'Omar',
            middlename: null,
            lastname: 'Haddad',
            email: 'omar@example.com',
            phone: '6505550199',
          },
        ],
      }),
      'GET /api/access/user': (_body, query) => ({
        users:
          query.role === 'pm'
            ? [{ email: 'jane.doe@prosign.example', role: ['pm'] }]
            : [{ email: 'csm@prosign.example', role: ['csm'] }],
      }),
    });
    await pickDealAndService();
    const user = userEvent.setup();
    const name = screen.getByRole('combobox', { name: /^Full Name/ });
    await user.click(name);
    await user.keyboard('oma');
    await screen.findByRole('option', { name: /Omar Haddad/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(name).toHaveValue('Omar Haddad');
    expect(field(/^Email/).value).toBe('omar@example.com');
    expect(field(/^Phone Number/).value).toBe('+16505550199');

    const pm = screen.getByRole('button', { name: /PM/ });
    await act(async () => pm.focus()); // the keyboard user tabs here
    await user.keyboard('{Enter}');
    await screen.findByRole('searchbox', { name: 'Search by name' });
    await user.keyboard('jane{ArrowDown}{Enter}');
    await waitFor(() => expect(pm).toHaveTextContent('Jane Doe'));
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.contractFormData) ?? '{}');
    expect(stored.form).toMatchObject({
      pm_email: 'jane.doe@prosign.example',
      email: 'omar@example.com',
    });
  });

  it('chooses the service and report count from the keyboard, marks required fields and shows errors under them', async () => {
    const api = setup();
    const user = userEvent.setup();
    const service = screen.getByRole('button', { name: /Service/ });
    await waitFor(() => expect(service).toBeEnabled());
    await act(async () => service.focus());
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'Structural Engineering' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(service).toHaveTextContent('Inspection');
    await act(async () => service.focus());
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Inspection' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(service).toHaveTextContent('Structural Engineering');

    const reports = await screen.findByRole('button', { name: /Title 24 reports/ });
    expect(screen.getByText('Title 24 reports')).toHaveTextContent('Title 24 reports *');
    await act(async () => reports.focus());
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: '0' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(reports).toHaveTextContent('2');

    // Required fields carry the marker; optional ones do not.
    const name = await screen.findByRole('textbox', { name: /^Full Name/ });
    expect(screen.getByText('Full Name').closest('label')).toHaveTextContent('Full Name *');
    expect(screen.getByText('Phone Number').closest('label')).toHaveTextContent(/^Phone Number$/);
    expect(screen.getByRole('button', { name: /CSM/ })).toHaveTextContent('--Select--');

    await user.click(screen.getByRole('button', { name: 'Create Contract' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Full Name is required.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^City/ })).toHaveAccessibleDescription(
      'City is required.',
    );
    expect(screen.getByRole('textbox', { name: /^Phone Number/ })).not.toHaveAttribute(
      'aria-invalid',
    );
    // The CSM picker says so under it; the contract rules are summed up above the button.
    expect(screen.getByText('CSM is required.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(CONTRACT_MESSAGES.depositInvalid);
    expect(
      api.calls.some((call) => call.path.startsWith('/api/hubspot/check-deal-properties')),
    ).toBe(false);
    await expectNoSeriousAxeViolations();

    // A corrected field loses its error at once.
    await user.type(name, 'Maria Chen');
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('Full Name is required.')).not.toBeInTheDocument();
  });

  it('blocks creation on a validation rule with the spec message', async () => {
    setup();
    await pickDealAndService();
    fireEvent.change(field(/^Deposit/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Contract' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deposit must be a number greater than 0.',
    );
  });

  it('fixes missing deal properties in the modal, edits, saves, sends and shows the link', async () => {
    const api = setup();
    await pickDealAndService();
    fireEvent.click(screen.getByRole('button', { name: 'Create Contract' }));

    const modal = await screen.findByRole('dialog', { name: 'Missing deal properties' });
    const user = userEvent.setup();
    // Nothing chosen: the domain's rule says so under the multi-select, the CRM is not touched.
    const update = within(modal).getByRole('button', { name: 'Update deal and continue' });
    await user.click(update);
    const types = await within(modal).findByRole('button', { name: /Project type/ });
    await waitFor(() =>
      expect(types).toHaveAccessibleDescription('Choose at least one project type.'),
    );
    expect(api.calls.some((call) => call.path.endsWith('/update-missing'))).toBe(false);
    // The keyboard: open, search, toggle with Enter, close with Escape.
    await act(async () => types.focus());
    await user.keyboard('{Enter}');
    await user.keyboard('ad');
    expect(screen.queryByRole('option', { name: 'Remodel' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}{Escape}');
    await waitFor(() => expect(types).toHaveTextContent('ADU'));
    expect(modal).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Choose at least one project type.')).toBeNull());
    await user.click(update);

    const overview = await screen.findByLabelText('Overview');
    const missing = api.calls.find((call) => call.path.endsWith('/update-missing'));
    expect(missing?.body).toMatchObject({ missingProperties: { project_type: ['ADU'] } });
    expect(screen.getByLabelText('Licensing and Insurance')).toHaveAttribute('readonly');

    // The placeholder rule: an edit may not drop $full_name.
    fireEvent.change(overview, { target: { value: 'This agreement is made.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('$full_name');
    fireEvent.change(overview, {
      target: { value: 'This agreement is made with $full_name today.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTitle('Contract preview')).toHaveAttribute(
      'src',
      'http://api.test/api/documents/d/AbCdEfGhIjKlMnOpQrStUv/preview',
    );
    expect(screen.queryByRole('button', { name: 'Back to the form' })).not.toBeInTheDocument();
    const created = api.calls.find((call) => call.path === '/api/template/create-contract');
    expect(created?.body).toMatchObject({
      docLink: 'http://api.test/api/documents/d/standard-service-agreement/edit',
      formData: {
        cost: 12000,
        t24ReportCount: 2,
        contract_data: { start: 'This agreement is made with $full_name today.' },
      },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send Contract for Sign' }));
    const sent = await screen.findByRole('dialog', { name: 'Contract sent' });
    expect(sent).toHaveTextContent('sent to Maria Chen <maria@example.com>');
    expect(within(sent).getByRole('link')).toHaveTextContent(
      'http://localhost:8084/tok?docLink=x&prefix=contract',
    );
    const request = api.calls.find((call) => call.path === '/api/contracts/send');
    expect(request?.body).toMatchObject({
      email: 'maria@example.com',
      hsDealId: '40000005',
      t24ReportCount: 2,
      contractIntro: 'This agreement is made with $full_name today.',
      contractLicense: 'Licensed in California.',
    });
    expect(localStorage.getItem(STORAGE_KEYS.contractFormData)).toBeNull();
  });

  it("says 'Failed to create document.' when saving fails without a reason, and keeps the editor", async () => {
    setup({
      'GET /api/hubspot/check-deal-properties/40000005': () => ({
        isValid: true,
        missingProperties: [],
        contactsWithInvalidRoles: [],
      }),
      'POST /api/template/create-contract': () => {
        throw new Error('');
      },
    });
    await pickDealAndService();
    fireEvent.click(screen.getByRole('button', { name: 'Create Contract' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to create document.')).toBeInTheDocument();
    expect(screen.getByLabelText('Overview')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Contract for Sign' })).toBeDisabled();
  });

  it('shows the failed part of a send and keeps the preview to retry', async () => {
    setup({
      'GET /api/hubspot/check-deal-properties/40000005': () => ({
        isValid: true,
        missingProperties: [],
        contactsWithInvalidRoles: [],
      }),
      'POST /api/contracts/send': () => {
        throw new Error(
          'Failed to send PDF and/or save document token. Moving the HubSpot deal to the sent stage failed: HubSpot is unavailable.',
        );
      },
    });
    await pickDealAndService();
    fireEvent.click(screen.getByRole('button', { name: 'Create Contract' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    // Send waits in the action bar until the document is saved.
    const sendButton = screen.getByRole('button', { name: 'Send Contract for Sign' });
    expect(sendButton).toBeDisabled();
    await waitFor(() => expect(sendButton).toBeEnabled());
    fireEvent.click(sendButton);
    expect(
      await screen.findByText(/Moving the HubSpot deal to the sent stage failed/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Contract for Sign' })).toBeEnabled();
    expect(localStorage.getItem(STORAGE_KEYS.contractFormData)).not.toBeNull();
  });
});

describe('the deal search of Home', () => {
  /** Home and another page, with links between them, as the staff navigation has. */
  function renderWithNavigation() {
    const Wrapper = creationApi().wrapper;
    render(
      <MemoryRouter initialEntries={['/']}>
        <Wrapper>
          <nav aria-label="Staff navigation">
            <Link to="/">Home</Link>
            <Link to="/dashboard">Dashboard</Link>
          </nav>
          <Routes>
            <Route path="/" element={<CreateContractPage />} />
            <Route path="/dashboard" element={<h1>Dashboard</h1>} />
          </Routes>
        </Wrapper>
      </MemoryRouter>,
    );
  }
  const search = () => screen.getByRole('combobox', { name: /search deal/i });

  async function pickAlameda(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText(/search deal/i), '1420 Alameda');
    await user.click(
      await screen.findByRole('option', { name: /1420 Alameda Ave/ }, { timeout: 2000 }),
    );
    await screen.findByRole('region', { name: 'Chosen deal' });
    expect(search()).toHaveValue('1420 Alameda Ave, San Jose, CA 95126');
  }

  it('starts empty when one comes back to Home, and takes a new address as typed', async () => {
    const user = userEvent.setup();
    renderWithNavigation();
    await pickAlameda(user);

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByLabelText(/search deal/i)).toHaveValue('');

    await user.type(search(), '618 Oak Knoll Dr');
    expect(search()).toHaveValue('618 Oak Knoll Dr');
  });

  it('selects the last deal on focus, so the next address replaces it', async () => {
    const user = userEvent.setup();
    renderWithNavigation();
    await pickAlameda(user);
    await user.click(screen.getByRole('heading', { name: 'Create Contract' }));
    expect(search()).not.toHaveFocus();

    await user.click(search());
    expect(search()).toHaveFocus();
    const input = search() as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    await user.keyboard('618 Oak Knoll Dr');
    expect(search()).toHaveValue('618 Oak Knoll Dr');
  });
});
