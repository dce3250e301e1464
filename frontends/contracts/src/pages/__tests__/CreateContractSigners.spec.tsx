import { RECIPIENT_MESSAGES, STORAGE_KEYS } from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { CreateContractPage } from '../../create/CreateContractPage';
import { fakeApi, type Handler } from '../../test-support/fake-api';

/** Several signers on `/`: added, picked from the deal, checked, sent. */

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
  ['balance', 'Balance', 'text', false, true],
  ['csm_email', 'CSM', 'dropdown', true, false],
  ['hs_deal_id', 'Deal ID', 'text', false, true],
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

const MARIA = {
  id: '1',
  firstname: 'Maria',
  middlename: null,
  lastname: 'Chen',
  email: 'maria@example.com',
  phone: '(415) 555-0101',
};
const OMAR = {
  id: '2',
  firstname: 'Omar',
  middlename: null,
  lastname: 'Haddad',
  email: 'omar@example.com',
  phone: '6505550199',
};

const dealWith = (clientSignatories: object[]) => ({
  deal: {
    id: '40000005',
    properties: {
      amount: '12000',
      deposit_amount: '6000',
      progress_amount: '0',
      address: '1420 Alameda Ave, San Jose, CA 95126',
      customer_success_manager: '7',
      dealstage: 'appointmentscheduled',
      project_type: 'ADU',
      dealname: 'Alameda ADU',
    },
  },
  clientSignatories,
  redirect: false,
  stageLabel: 'Appointment Scheduled',
});

function setup(overrides: Record<string, Handler> = {}) {
  const api = fakeApi({
    'GET /api/service/get-services': () => [
      { _id: 's1', serviceName: 'Structural Engineering', position: 1, changeBasicServices: false },
    ],
    'GET /api/form/Structural%20Engineering': () => ({ fields: FIELDS, additionalFields: CLAUSES }),
    'GET /api/access/user': () => ({ users: [{ email: 'csm@prosign.example', role: ['csm'] }] }),
    'GET /api/hubspot/deal-by-address': () => ({ deals: [dealWith([MARIA]).deal] }),
    'POST /api/hubspot/fetch-deal-by-id': () => dealWith([MARIA]),
    'GET /api/hubspot/owner': () => ({ owner: { id: '7', email: 'csm@prosign.example' } }),
    'GET /api/hubspot/check-deal-properties/40000005': () => ({
      isValid: true,
      missingProperties: [],
      contactsWithInvalidRoles: [],
    }),
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
  const Wrapper = api.wrapper;
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <MemoryRouter>
      <Wrapper>{children}</Wrapper>
    </MemoryRouter>
  );
  render(<CreateContractPage />, { wrapper });
  return api;
}

async function choose(label: RegExp, option: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

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

const section = () => screen.getByRole('group', { name: 'Additional signers' });
const signer = (number: number) =>
  within(section()).getByRole('group', { name: new RegExp(`^Signer ${number}\\b`) });
const input = (group: HTMLElement, label: RegExp) =>
  within(group).getByRole('textbox', { name: label }) as HTMLInputElement;
const callsTo = (api: ReturnType<typeof setup>, path: string) =>
  api.calls.filter((call) => call.path === path);

/** Create Contract, Save the clauses, Send: the document and the send go out. */
async function createSaveAndSend() {
  fireEvent.click(screen.getByRole('button', { name: 'Create Contract' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
  const send = screen.getByRole('button', { name: 'Send Contract for Sign' });
  await waitFor(() => expect(send).toBeEnabled());
  fireEvent.click(send);
  await screen.findByRole('dialog', { name: 'Contract sent' });
}

beforeEach(() => localStorage.clear());

describe('CreateContractPage — additional signers', () => {
  it('adds the deal’s other signatory and a typed signer, sends them at the same time', async () => {
    const api = setup({
      'POST /api/hubspot/fetch-deal-by-id': () => dealWith([MARIA, OMAR]),
    });
    await pickDealAndService();
    const user = userEvent.setup();
    // The deal's signatories: Maria signs on the form's own fields…
    const name = screen.getByRole('combobox', { name: /^Full Name/ });
    await user.click(name);
    await user.keyboard('mar');
    await screen.findByRole('option', { name: /Maria Chen/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(name).toHaveValue('Maria Chen'));

    // …and Omar, the other one, is offered as a quick pick (Maria is not).
    expect(within(section()).getByText(/Only the client above signs/)).toBeInTheDocument();
    expect(within(section()).queryByRole('radio')).not.toBeInTheDocument();
    const picks = within(section()).getByRole('group', { name: 'Signatories on the deal' });
    expect(within(picks).queryByRole('button', { name: /Maria/ })).not.toBeInTheDocument();
    await user.click(within(picks).getByRole('button', { name: /Add Omar Haddad/ }));
    const omar = signer(2);
    expect(input(omar, /^Name/).value).toBe('Omar Haddad');
    expect(input(omar, /^E-mail/).value).toBe('omar@example.com');
    expect(input(omar, /^Phone/).value).toBe('+16505550199');
    // Picked, Omar is no longer offered.
    expect(
      within(section()).queryByRole('group', { name: 'Signatories on the deal' }),
    ).not.toBeInTheDocument();

    // A typed signer: the new row's name has the focus, the keyboard fills it.
    await user.click(within(section()).getByRole('button', { name: 'Add a signer' }));
    const luis = signer(3);
    expect(input(luis, /^Name/)).toHaveFocus();
    await user.keyboard('Luis Ortega');
    await user.tab();
    expect(input(luis, /^E-mail/)).toHaveFocus();
    await user.keyboard('luis@example.com');

    // The order: one after the other by default; the keyboard chooses the same time.
    const sequential = within(section()).getByRole('radio', { name: /Sign one after the other/ });
    const parallel = within(section()).getByRole('radio', { name: /Sign at the same time/ });
    expect(sequential).toBeChecked();
    await user.click(parallel);
    expect(parallel).toBeChecked();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.contractFormData) ?? '{}');
    expect(stored).toMatchObject({
      signingOrder: 'parallel',
      additionalSigners: [{ name: 'Omar Haddad' }, { name: 'Luis Ortega' }],
    });
    await expectNoSeriousAxeViolations();

    await createSaveAndSend();
    // The document: one signature block per signer, the form's signer first (server side).
    const [created] = callsTo(api, '/api/template/create-contract');
    expect(created.body).toMatchObject({
      formData: { full_name: 'Maria Chen', email: 'maria@example.com' },
      additional_signers: [
        { name: 'Omar Haddad', email: 'omar@example.com', phone: '+16505550199' },
        { name: 'Luis Ortega', email: 'luis@example.com' },
      ],
    });
    expect(created.body).not.toHaveProperty('signing_order');
    expect(
      (created.body as { additional_signers: object[] }).additional_signers[1],
    ).not.toHaveProperty('phone');
    const [sent] = callsTo(api, '/api/contracts/send');
    expect(sent.body).toMatchObject({
      full_name: 'Maria Chen',
      email: 'maria@example.com',
      additional_signers: [
        { name: 'Omar Haddad', email: 'omar@example.com', phone: '+16505550199' },
        { name: 'Luis Ortega', email: 'luis@example.com' },
      ],
      signing_order: 'parallel',
    });
    // The sent draft is gone, signers with it.
    expect(localStorage.getItem(STORAGE_KEYS.contractFormData)).toBeNull();
  });

  it('shows a repeated e-mail and a signer who is also the cc beside the fields, and sends nothing', async () => {
    const api = setup();
    await pickDealAndService();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('maria@example.com'),
    );
    // The deal has no other signatory: nothing to pick.
    expect(
      within(section()).queryByRole('group', { name: 'Signatories on the deal' }),
    ).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(section()).getByRole('button', { name: 'Add a signer' }));
    await user.click(within(section()).getByRole('button', { name: 'Add a signer' }));
    fireEvent.change(input(signer(2), /^Name/), { target: { value: 'Luis Ortega' } });
    fireEvent.change(input(signer(2), /^E-mail/), { target: { value: 'MARIA@example.com' } });
    fireEvent.change(input(signer(3), /^Name/), { target: { value: 'Ana Ortega' } });
    fireEvent.change(input(signer(3), /^E-mail/), { target: { value: 'ana@example' } });
    const cc = screen.getByRole('textbox', { name: /^Additional Email \(cc\)/ });
    fireEvent.change(cc, { target: { value: 'luis@example.com' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create Contract' }));
    const same = RECIPIENT_MESSAGES.sameSignerEmail(
      'Maria Chen',
      'Luis Ortega',
      'MARIA@example.com',
    );
    await waitFor(() => expect(input(signer(2), /^E-mail/)).toHaveAccessibleDescription(same));
    expect(input(signer(2), /^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(input(signer(2), /^Name/)).not.toHaveAttribute('aria-invalid');
    expect(input(signer(3), /^E-mail/)).toHaveAccessibleDescription(RECIPIENT_MESSAGES.email);
    // Nothing left the screen: no deal check, no document, no send.
    expect(
      api.calls.some((call) => call.path.startsWith('/api/hubspot/check-deal-properties')),
    ).toBe(false);
    expect(callsTo(api, '/api/template/create-contract')).toHaveLength(0);
    expect(callsTo(api, '/api/contracts/send')).toHaveLength(0);
    expect(screen.queryByLabelText('Overview')).not.toBeInTheDocument();

    // Luis's own address clears his error; now the cc is Luis, which is said under the cc.
    fireEvent.change(input(signer(2), /^E-mail/), { target: { value: 'luis@example.com' } });
    await waitFor(() => expect(input(signer(2), /^E-mail/)).not.toHaveAttribute('aria-invalid'));
    await waitFor(() =>
      expect(cc).toHaveAccessibleDescription(RECIPIENT_MESSAGES.ccIsSigner('luis@example.com')),
    );
    fireEvent.change(cc, { target: { value: '' } });
    await waitFor(() => expect(cc).not.toHaveAttribute('aria-invalid'));

    // A signer added now takes the focus; removed, the focus is back on Add.
    await user.click(within(section()).getByRole('button', { name: 'Add a signer' }));
    expect(input(signer(4), /^Name/)).toHaveFocus();
    await user.click(within(signer(4)).getByRole('button', { name: 'Remove signer 4' }));
    expect(within(section()).getByRole('button', { name: 'Add a signer' })).toHaveFocus();

    // Removing Ana (the invalid one) leaves Luis alone as signer 2; the focus goes to Add.
    await user.click(
      within(signer(3)).getByRole('button', { name: 'Remove signer 3 (Ana Ortega)' }),
    );
    expect(within(section()).queryByRole('group', { name: /^Signer 3/ })).not.toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Add a signer' })).toHaveFocus();
    expect(input(signer(2), /^E-mail/).value).toBe('luis@example.com');

    await createSaveAndSend();
    const [sent] = callsTo(api, '/api/contracts/send');
    // One after the other unless chosen otherwise.
    expect(sent.body).toMatchObject({
      additional_signers: [{ name: 'Luis Ortega', email: 'luis@example.com' }],
      signing_order: 'sequential',
    });
  });

  it('removes every added signer: the order choice goes and both bodies are as before', async () => {
    const api = setup();
    await pickDealAndService();
    const user = userEvent.setup();
    await user.click(within(section()).getByRole('button', { name: 'Add a signer' }));
    fireEvent.change(input(signer(2), /^Name/), { target: { value: 'Luis Ortega' } });
    expect(within(section()).getByRole('radio', { name: /Sign at the same time/ })).toBeVisible();
    await user.click(
      within(section()).getByRole('button', { name: 'Remove signer 2 (Luis Ortega)' }),
    );
    expect(within(section()).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(section()).getByText(/Only the client above signs/)).toBeInTheDocument();

    await createSaveAndSend();
    const [created] = callsTo(api, '/api/template/create-contract');
    const [sent] = callsTo(api, '/api/contracts/send');
    expect(created.body).not.toHaveProperty('additional_signers');
    expect(sent.body).not.toHaveProperty('additional_signers');
    expect(sent.body).not.toHaveProperty('signing_order');
  });

  it('proposes the family’s default countersigner and sends them on both calls', async () => {
    const DANA = { email: 'principal@prosign.example', name: 'Dana Whitfield', title: 'Principal' };
    const api = setup({
      'GET /api/countersign/defaults': () => ({
        defaults: { standard: DANA, sow: null, co: null },
      }),
    });
    await pickDealAndService();
    const firm = screen.getByRole('group', { name: 'Countersignature' });
    const require = within(firm).getByRole('checkbox', {
      name: /Require the firm/,
    });
    await waitFor(() => expect(require).toBeChecked());
    expect(within(firm).getByLabelText(/Printed name/)).toHaveValue('Dana Whitfield');
    expect(within(firm).getByLabelText(/Title/)).toHaveValue('Principal');

    await createSaveAndSend();
    const [created] = callsTo(api, '/api/template/create-contract');
    const [sent] = callsTo(api, '/api/contracts/send');
    expect(created.body).toMatchObject({ countersigner: DANA });
    expect(sent.body).toMatchObject({ countersigner: DANA });
    expect(sent.body).not.toHaveProperty('additional_signers');
  });

  it('sends no countersigner when the box is left unticked', async () => {
    const api = setup();
    await pickDealAndService();
    const firm = screen.getByRole('group', { name: 'Countersignature' });
    expect(within(firm).getByRole('checkbox')).not.toBeChecked();
    await createSaveAndSend();
    expect(callsTo(api, '/api/template/create-contract')[0].body).not.toHaveProperty(
      'countersigner',
    );
    expect(callsTo(api, '/api/contracts/send')[0].body).not.toHaveProperty('countersigner');
  });

  it('takes at most 9 additional signers', async () => {
    setup();
    await pickDealAndService();
    const add = within(section()).getByRole('button', { name: 'Add a signer' });
    for (let i = 0; i < 9; i += 1) fireEvent.click(add);
    await waitFor(() => expect(add).toBeDisabled());
    expect(within(section()).getAllByRole('group', { name: /^Signer \d+/ })).toHaveLength(9);
    expect(
      within(section()).getByText(/10 signers with the client: the most one contract can have/),
    ).toBeVisible();
  });

  it('shows the server’s refusal of a send', async () => {
    const message = RECIPIENT_MESSAGES.sameSignerEmail(
      'Maria Chen',
      'Luis Ortega',
      'maria@example.com',
    );
    setup({
      'POST /api/contracts/send': () => {
        throw { statusCode: 400, message };
      },
    });
    await pickDealAndService();
    fireEvent.click(within(section()).getByRole('button', { name: 'Add a signer' }));
    fireEvent.change(input(signer(2), /^Name/), { target: { value: 'Luis Ortega' } });
    fireEvent.change(input(signer(2), /^E-mail/), { target: { value: 'luis@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Contract' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const send = screen.getByRole('button', { name: 'Send Contract for Sign' });
    await waitFor(() => expect(send).toBeEnabled());
    fireEvent.click(send);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.contractFormData)).not.toBeNull();
  });
});
