import { STORAGE_KEYS, type CoCardView, type ContractCardView } from '@prosign/domain';
import { PdfLoaderProvider } from '@prosign/ui';
import {
  agreementCard,
  expectNoSeriousAxeViolations,
  fakePdfLoader,
  historyEvent,
  staffSession,
} from '@prosign/ui/testing';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { DashboardPage } from '../../pages/DashboardPage';
import { fakeApi, type Handler } from '../../test-support/fake-api';

/** A listed contract: the shared agreement fixture plus the contract's own fields; the summary follows them. */
let sequence = 0;
function card(overrides: Partial<ContractCardView> = {}): ContractCardView {
  sequence += 1;
  const listed: ContractCardView = {
    // Its one signer's state follows the status (a saved contract's signer has saved).
    ...agreementCard({ status: overrides.status ?? 'not signed' }),
    _id: `id-${sequence}`,
    status: 'not signed',
    token: `token-${sequence}`,
    signingLink: `http://sign.test/token-${sequence}?docLink=x&prefix=contract`,
    full_name: `Client ${sequence}`,
    email: `client${sequence}@example.com`,
    contact_number: '+14155550100',
    company_name: 'Acme Homes',
    cc_email: '',
    site_address: '1420 Alameda Avenue Unit 5',
    city: 'San Jose',
    state: 'CA',
    zipcode: '95126',
    form_type: 'Structural',
    contractTitle: 'Structural Engineering Agreement',
    cost: 12000,
    csm_email: 'csm@prosign.example',
    pm_email: 'pm@prosign.example',
    hsDealId: '40000005',
    ...overrides,
  };
  return {
    ...listed,
    summary: overrides.summary ?? {
      title: listed.contractTitle,
      recipientName: listed.full_name,
      recipientEmail: listed.email,
      recipientPhone: listed.contact_number,
      address: [
        listed.site_address,
        listed.city,
        [listed.state, listed.zipcode].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', '),
      senderEmail: listed.csm_email,
    },
  };
}

/** A listed change order (spec 2 §3 "Change order"); the summary follows its fields as the server builds it. */
function coCard(overrides: Partial<CoCardView> = {}): CoCardView {
  sequence += 1;
  const listed: CoCardView = {
    ...agreementCard(),
    family: 'co',
    _id: `co-${sequence}`,
    customId: `cust-${sequence}`,
    status: 'not-signed',
    signingLink: `http://sign.test/co-signature/cust-${sequence}`,
    deal_id: '40000123',
    project_id: 'P-1001',
    project_address: '88 Harbor View Road, Sausalito, CA 94965',
    signatory_name: `Signatory ${sequence}`,
    signatory_email: `signatory${sequence}@example.com`,
    signatory_phone: '+14155550111',
    description: 'Add a deck',
    fee: 2400,
    payment_terms: 'Split Payment',
    firstPayment: 1500,
    secondPayment: 900,
    main_contract_signed_date: '2025-03-14',
    csm_email: 'csm@prosign.example',
    pm_email: 'pm@prosign.example',
    cc_emails: 'office@example.com',
    coLabel: 'Change Order 2',
    duplicateCoDealId: null,
    ...overrides,
  };
  return {
    ...listed,
    summary: {
      title: `Change Order: ${listed.project_address}`,
      recipientName: listed.signatory_name,
      recipientEmail: listed.signatory_email,
      recipientPhone: listed.signatory_phone,
      address: listed.project_address,
      senderEmail: listed.csm_email,
    },
  };
}

function coListOf(cards: CoCardView[], totalPages = 1) {
  return { filteredContracts: cards, totalPages, total: cards.length, page: 1, limit: 25 };
}

function listOf(cards: ContractCardView[], totalPages = 1) {
  return { filteredClients: cards, totalPages, total: cards.length, page: 1, limit: 25 };
}

// A fake staff socket: tests play the server's events through `mockServerEmit`.
const mockListeners = new Map<string, (event: unknown) => void>();
const mockConnect = jest.fn();
jest.mock('socket.io-client', () => ({
  io: (...args: unknown[]) => {
    mockConnect(...args);
    return {
      on: (name: string, listener: (event: unknown) => void) => mockListeners.set(name, listener),
      removeAllListeners: () => mockListeners.clear(),
      disconnect: jest.fn(),
    };
  },
}));
function mockServerEmit(name: string, event: unknown) {
  act(() => mockListeners.get(name)?.(event));
}

/**
 * The dashboard against a fake API ("METHOD /path" → handler; a thrown object is
 * the error) and a two-page fake PDF, inside a router whose `/` says where Edit
 * and Resend leads. `listCalls` are the list requests, with their queries.
 */
function renderDashboard(
  routes: Record<string, Handler>,
  sessionOverrides = {},
  initialEntry = '/dashboard',
) {
  const pdf = fakePdfLoader(2);
  const { calls, wrapper } = fakeApi(
    { 'GET /api/auth/session': () => staffSession(sessionOverrides), ...routes },
    (children) => (
      <PdfLoaderProvider loader={pdf}>
        <MemoryRouter initialEntries={[initialEntry]}>
          <Routes>
            <Route
              path="/dashboard"
              element={
                <>
                  {children}
                  <CurrentUrl />
                </>
              }
            />
            <Route path="/" element={<h1>Create Contract</h1>} />
            <Route path="/co" element={<h1>Change Order</h1>} />
          </Routes>
        </MemoryRouter>
      </PdfLoaderProvider>
    ),
  );
  render(<DashboardPage />, { wrapper });
  const listCalls = () =>
    calls
      .filter((c) => c.method === 'GET' && c.path === '/api/user/details')
      .map((c) => ({ ...c, query: { ...c.query } as Record<string, unknown> }));
  return { calls, listCalls, openedPdfs: pdf.opened };
}

/** The router's current address, for the tests that check `?co=1`. */
function CurrentUrl() {
  const location = useLocation();
  return <p data-testid="url">{`${location.pathname}${location.search}`}</p>;
}

const cardOf = (name: string) => screen.getByRole('listitem', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });

/** Opens a card's "More actions" menu and returns it. */
function openMenu(name: string) {
  fireEvent.click(within(cardOf(name)).getByRole('button', { name: 'More actions' }));
  return screen.getByRole('menu', { name: 'More actions' });
}

/** Chooses an action from a card's "More actions" menu. */
function chooseFromMenu(name: string, action: string) {
  fireEvent.click(within(openMenu(name)).getByRole('menuitem', { name: action }));
}

/** A card's main action and the actions of its menu, as a person sees them. */
function actionsOf(name: string) {
  const group = within(cardOf(name)).queryByRole('group', { name: `Actions for ${name}` });
  if (!group) return { main: null, menu: [] };
  const buttons = within(group).getAllByRole('button');
  const main = buttons[0].textContent === 'More actions' ? null : buttons[0].textContent;
  const more = within(group).queryByRole('button', { name: 'More actions' });
  if (!more) return { main, menu: [] };
  fireEvent.click(more);
  const menu = within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
  return { main, menu };
}

beforeEach(() => {
  mockListeners.clear();
  mockConnect.mockClear();
  localStorage.clear();
});

describe('Contract dashboard', () => {
  it('lists the first page of 25 with every filter, then shows the cards', async () => {
    const fake = renderDashboard({
      'GET /api/user/details': () => listOf([card({ full_name: 'Maria Lopez' })]),
    });
    expect(await screen.findByRole('heading', { name: 'Maria Lopez' })).toBeInTheDocument();
    expect(fake.listCalls()[0].query).toEqual({
      page: 1,
      limit: 25,
      search: undefined,
      filters: 'all',
    });
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('25');
  });

  it('applies the all/none rules of the filters', async () => {
    const fake = renderDashboard({ 'GET /api/user/details': () => listOf([card()]) });
    await screen.findByRole('list', { name: 'Contracts' });
    expect(checkbox('All')).toBeChecked();

    fireEvent.click(checkbox('Viewed'));
    expect(checkbox('All')).not.toBeChecked();
    expect(checkbox('Viewed')).toBeChecked();
    await waitFor(() => expect(fake.listCalls().at(-1)?.query.filters).toBe('viewed'));

    fireEvent.click(checkbox('Signed'));
    await waitFor(() => expect(fake.listCalls().at(-1)?.query.filters).toBe('viewed,signed'));

    fireEvent.click(checkbox('All'));
    expect(checkbox('Viewed')).not.toBeChecked();
    expect(checkbox('Signed')).not.toBeChecked();
    await waitFor(() => expect(fake.listCalls().at(-1)?.query.filters).toBe('all'));

    // Unticking the last one brings all back.
    fireEvent.click(checkbox('Expired'));
    fireEvent.click(checkbox('Expired'));
    expect(checkbox('All')).toBeChecked();
  });

  it('searches 500 ms after the last keystroke, with one request', async () => {
    const fake = renderDashboard({ 'GET /api/user/details': () => listOf([card()]) });
    await screen.findByRole('list', { name: 'Contracts' });
    const box = screen.getByRole('searchbox', { name: 'Search contracts' });
    for (const text of ['m', 'ma', 'mar', 'maria'])
      fireEvent.change(box, { target: { value: text } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.listCalls().some((c) => c.query.search)).toBe(false);
    await waitFor(() => expect(fake.listCalls().at(-1)?.query.search).toBe('maria'));
    expect(fake.listCalls().filter((c) => c.query.search)).toHaveLength(1);
  });

  it('pages through results and goes back to page 1 with another page size', async () => {
    const fake = renderDashboard({
      'GET /api/user/details': (_b, q) => ({ ...listOf([card()], 3), page: q.page }),
    });
    await screen.findByText(/Page 1 of 3/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(/Page 2 of 3/);
    expect(fake.listCalls().at(-1)?.query).toMatchObject({ page: 2, limit: 25 });

    fireEvent.change(screen.getByRole('combobox', { name: 'Per page' }), {
      target: { value: '50' },
    });
    await waitFor(() =>
      expect(fake.listCalls().at(-1)?.query).toMatchObject({ page: 1, limit: 50 }),
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('says so when nothing matches, and when the list cannot be fetched', async () => {
    renderDashboard({ 'GET /api/user/details': () => listOf([]) });
    expect(await screen.findByText('No such contracts found.')).toBeInTheDocument();
  });

  it('shows the fetch error', async () => {
    renderDashboard({
      'GET /api/user/details': () => {
        throw { statusCode: 500, message: 'boom' };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching users.');
  });

  it('offers one main action and the rest in a menu, as each status allows (spec 2 §4)', async () => {
    renderDashboard({
      'GET /api/user/details': () =>
        listOf([
          card({ full_name: 'Waiting', status: 'not signed' }),
          card({ full_name: 'Saved', status: 'signature_saved' }),
          card({ full_name: 'Done', status: 'signed' }),
          card({ full_name: 'Stopped', status: 'cancelled' }),
          card({
            full_name: 'Redone',
            status: 'expired',
            isResend: true,
            resendAt: '2026-03-05T18:00:00.000Z',
          }),
        ]),
    });
    await screen.findByRole('heading', { name: 'Waiting' });
    await waitFor(() => expect(actionsOf('Done').main).toBe('Void Contract'));

    expect(actionsOf('Waiting')).toEqual({
      main: 'Send Reminder',
      menu: ['Copy Link', 'Change signer', 'Mark as Signed', 'Cancel Contract', 'Delete'],
    });
    // A saved signature not finished: staff may still change the signer (it is discarded).
    expect(actionsOf('Saved')).toEqual({
      main: 'Copy Link',
      menu: ['Change signer', 'Mark as Signed', 'Cancel Contract', 'Delete'],
    });
    expect(actionsOf('Done')).toEqual({ main: 'Void Contract', menu: ['Delete'] });
    expect(actionsOf('Stopped')).toEqual({ main: 'Resend', menu: ['Edit and Resend', 'Delete'] });
    expect(actionsOf('Redone')).toEqual({ main: null, menu: ['Delete'] });
    expect(
      within(cardOf('Redone')).getByText(/^Resent 2026-03-05 \d{2}:\d{2} PST$/),
    ).toBeInTheDocument();
  });

  it('does not offer Void or Delete to staff who may not take them', async () => {
    const fake = renderDashboard(
      {
        'GET /api/user/details': () =>
          listOf([
            card({ full_name: 'Signed one', status: 'signed' }),
            card({ full_name: 'Waiting', status: 'not signed' }),
          ]),
      },
      { isAdmin: false, access: { ...staffSession().access, userAccessAccess: false } },
    );
    await screen.findByRole('heading', { name: 'Signed one' });
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/api/auth/session')).toBe(true));
    expect(within(cardOf('Signed one')).queryByRole('button', { name: /Void/ })).toBeNull();
    expect(actionsOf('Signed one')).toEqual({ main: null, menu: [] });
    expect(actionsOf('Waiting')).toEqual({
      main: 'Send Reminder',
      menu: ['Copy Link', 'Change signer', 'Mark as Signed', 'Cancel Contract'],
    });
  });

  it('offers Delete with userAccessAccess, after a confirmation', async () => {
    const fake = renderDashboard(
      {
        'GET /api/user/details': () => listOf([card({ full_name: 'Old', token: 'tok-old' })]),
        'DELETE /api/user/mark-as-delete': () => ({ message: 'deleted' }),
      },
      { isAdmin: false },
    );
    await screen.findByRole('heading', { name: 'Old' });
    await waitFor(() => expect(actionsOf('Old').menu).toContain('Delete'));
    chooseFromMenu('Old', 'Delete');
    const dialog = screen.getByRole('dialog', { name: 'Delete this contract?' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Contract deleted.');
    expect(fake.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ token: 'tok-old' });
  });

  it('explains the reminders in a tooltip and locks the button after sending', async () => {
    let sent = false;
    const lockedUntil = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const fake = renderDashboard({
      'GET /api/user/details': () =>
        listOf([
          card({
            full_name: 'Remind me',
            token: 'tok-r',
            ...(sent
              ? {
                  remindersAt: [new Date().toISOString()],
                  isDeactiveReminder: true,
                  reminderDeactivateTime: lockedUntil,
                }
              : {}),
          }),
        ]),
      'POST /api/email/send-reminder': () => {
        sent = true;
        return { message: 'sent', remindersAt: [], reminderDeactivateTime: lockedUntil };
      },
    });
    await screen.findByRole('heading', { name: 'Remind me' });
    const button = within(cardOf('Remind me')).getByRole('button', { name: 'Send Reminder' });
    expect(button).toHaveAccessibleDescription('No reminders sent yet');
    fireEvent.click(button);
    await screen.findByText('Reminder email sent.');
    expect(fake.calls.find((c) => c.path === '/api/email/send-reminder')?.body).toEqual({
      token: 'tok-r',
    });
    await waitFor(() =>
      expect(
        within(cardOf('Remind me')).getByRole('button', { name: 'Send Reminder' }),
      ).toBeDisabled(),
    );
    expect(
      within(cardOf('Remind me')).getByRole('button', { name: 'Send Reminder' }),
    ).toHaveAccessibleDescription(
      /^Last reminder sent .+ PST\. Next reminder can be sent after .+ PST\.$/,
    );
  });

  it('shows a failed reminder with the server message', async () => {
    renderDashboard({
      'GET /api/user/details': () => listOf([card({ full_name: 'R' })]),
      'POST /api/email/send-reminder': () => {
        throw { statusCode: 409, message: 'A reminder was sent recently.' };
      },
    });
    await screen.findByRole('heading', { name: 'R' });
    fireEvent.click(within(cardOf('R')).getByRole('button', { name: 'Send Reminder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send reminder: A reminder was sent recently.',
    );
  });

  it('voids a signed contract for an admin and previews the voided PDF', async () => {
    let voided = false;
    const current = () =>
      card({
        full_name: 'Signed one',
        token: 'tok-s',
        status: voided ? 'void' : 'signed',
        signedDocLink: 'http://api.test/api/documents/d/signed1/edit',
        voidDocLink: voided ? 'http://api.test/api/documents/d/void1/edit' : null,
      });
    const { openedPdfs } = renderDashboard({
      // With the Signed filter the voided contract leaves the list; the preview still shows it.
      'GET /api/user/details': () => listOf(voided ? [] : [current()]),
      'GET /api/contracts/by-token/tok-s': current,
      'POST /api/template/generate-void-pdf': () => {
        voided = true;
        return { message: 'voided' };
      },
    });
    await screen.findByRole('heading', { name: 'Signed one' });
    fireEvent.click(within(cardOf('Signed one')).getByRole('button', { name: 'Void Contract' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Void this signed contract?' })).getByRole(
        'button',
        { name: 'Void Contract' },
      ),
    );
    const preview = await screen.findByRole('dialog', { name: 'Voided contract — Signed one' });
    // The canvas viewer draws the voided PDF page by page.
    const document = await within(preview).findByRole('region', { name: 'Voided contract PDF' });
    expect(await within(document).findByRole('img', { name: 'Page 1 of 2' })).toBeInTheDocument();
    expect(openedPdfs.at(-1)).toBe('http://api.test/api/documents/d/void1/view');
    expect(within(preview).getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      'http://api.test/api/documents/d/void1/view',
    );
  });

  /** Cancels 'To cancel' through its menu and confirmation, the server failing with `error`. */
  async function cancelFailingWith(error: unknown) {
    renderDashboard({
      'GET /api/user/details': () => listOf([card({ full_name: 'To cancel' })]),
      'POST /api/update/cancel-contract': () => {
        throw error;
      },
    });
    await screen.findByRole('heading', { name: 'To cancel' });
    chooseFromMenu('To cancel', 'Cancel Contract');
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Cancel this contract?' })).getByRole('button', {
        name: 'Cancel Contract',
      }),
    );
    return screen.findByRole('alert');
  }

  it('cancels after confirmation and reports a failure with its reason', async () => {
    const alert = await cancelFailingWith({
      statusCode: 409,
      message: 'Cancel Contract is not available for a contract that is signed.',
    });
    expect(alert).toHaveTextContent(
      'Failed to cancel contract: Cancel Contract is not available for a contract that is signed.',
    );
  });

  it('says "Error cancelling contract. Please try again." when the cancel fails without a reason (spec 2 §8)', async () => {
    const alert = await cancelFailingWith({ statusCode: 503, message: 'Service Unavailable' });
    expect(alert).toHaveTextContent('Error cancelling contract. Please try again.');
  });

  it('says "Error sending reminder email. Please try again." when the reminder fails without a reason', async () => {
    renderDashboard({
      'GET /api/user/details': () => listOf([card({ full_name: 'R' })]),
      'POST /api/email/send-reminder': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await screen.findByRole('heading', { name: 'R' });
    fireEvent.click(within(cardOf('R')).getByRole('button', { name: 'Send Reminder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error sending reminder email. Please try again.',
    );
  });

  it('says "Error: Email not found." for a reminder to a contract without an e-mail', async () => {
    const { calls } = renderDashboard({
      'GET /api/user/details': () => listOf([card({ full_name: 'No mail', email: '' })]),
    });
    await screen.findByRole('heading', { name: 'No mail' });
    fireEvent.click(within(cardOf('No mail')).getByRole('button', { name: 'Send Reminder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Email not found.');
    expect(calls.some((call) => call.path === '/api/email/send-reminder')).toBe(false);
  });

  it('Copy Link opens the copy-link modal, which copies the signing link', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderDashboard({
      'GET /api/user/details': () =>
        listOf([card({ full_name: 'Link', signingLink: 'http://sign.test/abc' })]),
    });
    await screen.findByRole('heading', { name: 'Link' });
    chooseFromMenu('Link', 'Copy Link');
    const dialog = screen.getByRole('dialog', { name: 'Copy link — Link' });
    expect(within(dialog).getByRole('textbox', { name: 'Signing link' })).toHaveValue(
      'http://sign.test/abc',
    );
    expect(writeText).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://sign.test/abc');
  });

  it('Edit and Resend prefills the creation draft with the replaced token and opens creation', async () => {
    renderDashboard({
      'GET /api/user/details': () =>
        listOf([card({ full_name: 'Maria Lopez', token: 'tok-c', status: 'cancelled' })]),
      'PUT /api/update/edit-resend': () => ({
        contract: {
          token: 'tok-c',
          docLink: 'http://api.test/api/documents/d/abc/edit',
          full_name: 'Maria Lopez',
          email: 'maria@example.com',
          cc_email: 'office@example.com',
          site_address: '1420 Alameda Ave',
          city: 'San Jose',
          state: 'CA',
          zipcode: '95126',
          cost: 12000,
          deposit: 6000,
          csm_email: 'csm@prosign.example',
          form_type: 'Structural',
          t24ReportCount: 2,
          contractTitle: 'Structural Engineering Agreement',
          contractIntro: 'Intro',
        },
      }),
    });
    await screen.findByRole('heading', { name: 'Maria Lopez' });
    chooseFromMenu('Maria Lopez', 'Edit and Resend');
    expect(await screen.findByRole('heading', { name: 'Create Contract' })).toBeInTheDocument();
    const draft = JSON.parse(localStorage.getItem(STORAGE_KEYS.contractFormData) ?? '{}');
    expect(draft).toMatchObject({
      replacesToken: 'tok-c',
      serviceType: 'Structural',
      t24ReportCount: '2',
      form: { full_name: 'Maria Lopez', additional_email: 'office@example.com', cost: '12000' },
      clauses: { agreementTitle: 'Structural Engineering Agreement', start: 'Intro' },
    });
  });

  it('shows contact details, step times with IPs, view counts and the history in the details modal', async () => {
    const listed = card({
      full_name: 'Maria Lopez',
      token: 'tok-d',
      status: 'signed',
      viewedAt: '2026-03-05T16:00:00.000Z',
      viewedIp: '203.0.113.7',
      signedAt: '2026-03-06T20:30:00.000Z',
      signedIp: '203.0.113.9',
      viewedByPhoneCount: 2,
      viewedByEmailCount: 3,
      history: [
        historyEvent({ timestamp: '2026-03-04T17:05:00.000Z' }),
        // An event recorded before titles existed still reads as words, never "signature_saved".
        historyEvent({
          timestamp: '2026-03-06T20:25:00.000Z',
          type: undefined as never,
          title: '',
          status: 'signature_saved',
          performedBy: 'signer',
          ipAddress: '203.0.113.9',
        }),
        historyEvent({
          timestamp: '2026-03-06T20:30:00.000Z',
          type: 'signed',
          title: 'Signed',
          status: 'signed',
          performedBy: 'maria@example.com',
          ipAddress: '203.0.113.9',
        }),
      ],
    });
    renderDashboard({
      'GET /api/user/details': () => listOf([listed]),
      'GET /api/contracts/by-token/tok-d': () => listed,
    });
    await screen.findByRole('heading', { name: 'Maria Lopez' });
    const opener = within(cardOf('Maria Lopez')).getByRole('button', { name: /Details/ });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Contract details — Maria Lopez' });
    expect(within(dialog).getByRole('heading', { name: 'Contact' })).toHaveFocus();
    expect(within(dialog).getByText('+14155550100')).toBeInTheDocument();
    const signedRow = within(dialog).getByRole('row', { name: /^Signed / });
    expect(signedRow).toHaveTextContent('2026-03-06 12:30 PST');
    expect(signedRow).toHaveTextContent('203.0.113.9');
    expect(within(dialog).getByRole('row', { name: /^First viewed/ })).toHaveTextContent(
      '203.0.113.7',
    );
    expect(dialog).toHaveTextContent('Views by phone: 2');
    expect(dialog).toHaveTextContent('Views by email: 3');
    const history = within(dialog).getByRole('table', { name: 'Document history' });
    const rows = within(history).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(
      '2026-03-04 09:05 PSTSent for signaturecsm@prosign.example10.0.0.1',
    );
    expect(rows[2]).toHaveTextContent('Signature saved');
    expect(rows[2]).toHaveTextContent('Signer');
    expect(history).not.toHaveTextContent('signature_saved');
    expect(rows[3]).toHaveTextContent('2026-03-06 12:30 PST');
    expect(rows[3]).toHaveTextContent('maria@example.com');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to the opener once the dialog has gone (a frame later).
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows the created time in Pacific time cut to the minute and the address cut at 35 characters', async () => {
    renderDashboard({
      'GET /api/user/details': () =>
        listOf([card({ full_name: 'Time', createdAt: '2026-03-04T17:05:00.000Z' })]),
    });
    await screen.findByRole('heading', { name: 'Time' });
    const item = cardOf('Time');
    expect(within(item).getByText('2026-03-04 09:05 PST')).toBeInTheDocument();
    expect(within(item).getByText('Structural')).toBeInTheDocument();
    expect(within(item).queryByText(/^Signed /)).not.toBeInTheDocument();
    const address = within(item).getByTitle('1420 Alameda Avenue Unit 5, San Jose, CA 95126');
    expect(address).toHaveTextContent('1420 Alameda Avenue Unit 5, San Jos…');
  });

  it('shows when a signed contract was signed', async () => {
    renderDashboard({
      'GET /api/user/details': () =>
        listOf([
          card({ full_name: 'Signed', status: 'signed', signedAt: '2026-03-06T20:30:00.000Z' }),
        ]),
    });
    await screen.findByRole('heading', { name: 'Signed' });
    expect(cardOf('Signed')).toHaveTextContent('Signed 2026-03-06 12:30 PST');
  });

  it('follows live changes and presence from the staff socket without reload', async () => {
    let status = 'not signed';
    const fake = renderDashboard({
      'GET /api/user/details': () =>
        listOf([
          card({ _id: 'agr-live', full_name: 'Live', token: 'tok-live', status: status as never }),
        ]),
    });
    await screen.findByRole('heading', { name: 'Live' });
    expect(mockConnect).toHaveBeenCalledWith(
      'http://api.test',
      expect.objectContaining({ path: '/socket.io', withCredentials: true }),
    );
    expect(within(cardOf('Live')).queryByText('Viewing now')).not.toBeInTheDocument();

    // Another family's agreement with the same id is not this card.
    mockServerEmit('signer-presence', { family: 'sow', id: 'agr-live', active: true, at: '' });
    expect(within(cardOf('Live')).queryByText('Viewing now')).not.toBeInTheDocument();
    mockServerEmit('signer-presence', { family: 'standard', id: 'agr-live', active: true, at: '' });
    expect(within(cardOf('Live')).getByText('Viewing now')).toBeInTheDocument();

    const before = fake.listCalls().length;
    status = 'signed';
    mockServerEmit('contract-changed', { family: 'standard', id: 'agr-live', status, at: '' });
    await waitFor(() => expect(within(cardOf('Live')).getByText('Signed')).toBeInTheDocument());
    expect(fake.listCalls().length).toBe(before + 1);

    mockServerEmit('signer-presence', {
      family: 'standard',
      id: 'agr-live',
      active: false,
      at: '',
    });
    expect(within(cardOf('Live')).queryByText('Viewing now')).not.toBeInTheDocument();
  });

  it('turns a contract declined live, with who declined, when and the reason', async () => {
    let declined: Partial<ContractCardView> = {};
    renderDashboard({
      'GET /api/user/details': () =>
        listOf([card({ _id: 'agr-dec', full_name: 'Decliner', ...declined })]),
    });
    await screen.findByRole('heading', { name: 'Decliner' });
    expect(within(cardOf('Decliner')).queryByText(/Declined by/)).not.toBeInTheDocument();

    declined = {
      status: 'declined',
      declined: {
        at: '2026-03-09T20:00:00.000Z',
        recipientId: 'not-listed',
        reason: 'The fee is higher than quoted.',
      },
    };
    mockServerEmit('contract-changed', {
      family: 'standard',
      id: 'agr-dec',
      status: 'declined',
      at: '',
    });
    const declinedCard = cardOf('Decliner');
    expect(
      await within(declinedCard).findByText('Declined by Decliner on March 9, 2026.'),
    ).toBeInTheDocument();
    // The reason is the signer's words: quoted under their name, never a line of ours.
    expect(within(declinedCard).getByText('Decliner wrote:')).toBeInTheDocument();
    expect(declinedCard.querySelector('blockquote')).toHaveTextContent(
      'The fee is higher than quoted.',
    );
    expect(within(cardOf('Decliner')).getByText('Declined')).toBeInTheDocument();
    await expectNoSeriousAxeViolations(document.body);
  });
});

describe('Show CO', () => {
  const coListCalls = (calls: { method: string; path: string; query?: unknown }[]) =>
    calls.filter((c) => c.method === 'GET' && c.path === '/api/co/get-contracts');

  it('switches the list to the change orders, with their label, deal, fee and split terms, and keeps ?co=1', async () => {
    const fake = renderDashboard({
      'GET /api/user/details': () => listOf([card({ full_name: 'Std' })]),
      'GET /api/co/get-contracts': () => coListOf([coCard({ signatory_name: 'Dana Reyes' })]),
    });
    await screen.findByRole('heading', { name: 'Std' });
    expect(coListCalls(fake.calls)).toHaveLength(0);

    fireEvent.click(checkbox('Show CO'));
    const list = await screen.findByRole('list', { name: 'Change orders' });
    expect(screen.queryByRole('heading', { name: 'Std' })).not.toBeInTheDocument();
    expect(screen.getByTestId('url')).toHaveTextContent('/dashboard?co=1');
    expect(coListCalls(fake.calls)[0].query).toEqual({
      page: 1,
      limit: 25,
      search: undefined,
      filters: 'all',
    });
    const item = within(list).getByRole('listitem', { name: 'Dana Reyes' });
    expect(within(item).getByText('Not signed')).toBeInTheDocument();
    expect(within(item).getByText('Change Order 2')).toBeInTheDocument();
    expect(within(item).getByText('Deal ID 40000123')).toBeInTheDocument();
    expect(within(item).getByText('Fee $2,400.00')).toBeInTheDocument();
    expect(within(item).getByText('Split Payment: $1,500.00 + $900.00')).toBeInTheDocument();
    expect(
      within(item).getByText('Change Order: 88 Harbor View Road, Sausalito, CA 94965'),
    ).toBeInTheDocument();

    // Unticked: the contracts again, and the address forgets Show CO.
    fireEvent.click(checkbox('Show CO'));
    expect(await screen.findByRole('heading', { name: 'Std' })).toBeInTheDocument();
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/dashboard$/);
  });

  it('opens with the change orders when the address says ?co=1 (a reload or back)', async () => {
    const fake = renderDashboard(
      {
        'GET /api/user/details': () => listOf([card({ full_name: 'Std' })]),
        'GET /api/co/get-contracts': () => coListOf([coCard({ signatory_name: 'Dana Reyes' })]),
      },
      {},
      '/dashboard?co=1',
    );
    expect(await screen.findByRole('heading', { name: 'Dana Reyes' })).toBeInTheDocument();
    expect(checkbox('Show CO')).toBeChecked();
    expect(fake.listCalls()).toHaveLength(0);
  });

  it('searches, filters, sizes and pages the change orders', async () => {
    const fake = renderDashboard(
      {
        'GET /api/co/get-contracts': (_b, q) => ({
          ...coListOf([coCard({ signatory_name: 'Dana Reyes' })], 3),
          page: q.page,
        }),
      },
      {},
      '/dashboard?co=1',
    );
    const calls = () => coListCalls(fake.calls).map((c) => ({ ...(c.query as object) }));
    await screen.findByText(/Page 1 of 3 · 1 change orders/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(/Page 2 of 3/);
    expect(calls().at(-1)).toMatchObject({ page: 2, limit: 25 });

    fireEvent.click(checkbox('Signed'));
    await waitFor(() => expect(calls().at(-1)).toMatchObject({ page: 1, filters: 'signed' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Per page' }), {
      target: { value: '10' },
    });
    await waitFor(() => expect(calls().at(-1)).toMatchObject({ limit: 10, page: 1 }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search change orders' }), {
      target: { value: 'dana' },
    });
    await waitFor(() => expect(calls().at(-1)).toMatchObject({ search: 'dana', page: 1 }));
  });

  it('starts the change orders from page 1, keeping the search and filters', async () => {
    const fake = renderDashboard({
      'GET /api/user/details': (_b, q) => ({ ...listOf([card()], 3), page: q.page }),
      'GET /api/co/get-contracts': () => coListOf([coCard()]),
    });
    await screen.findByText(/Page 1 of 3/);
    fireEvent.click(checkbox('Viewed'));
    await waitFor(() => expect(fake.listCalls().at(-1)?.query.filters).toBe('viewed'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(/Page 2 of 3/);
    expect(fake.listCalls().at(-1)?.query).toMatchObject({ page: 2, filters: 'viewed' });
    fireEvent.click(checkbox('Show CO'));
    await screen.findByRole('list', { name: 'Change orders' });
    expect(coListCalls(fake.calls).at(-1)?.query).toMatchObject({ page: 1, filters: 'viewed' });
  });

  it('says "No such contracts found." when no change order matches', async () => {
    renderDashboard({ 'GET /api/co/get-contracts': () => coListOf([]) }, {}, '/dashboard?co=1');
    expect(await screen.findByText('No such contracts found.')).toBeInTheDocument();
  });

  it('says "Error fetching users." when the change orders cannot be fetched', async () => {
    renderDashboard(
      {
        'GET /api/co/get-contracts': () => {
          throw { statusCode: 500, message: 'boom' };
        },
      },
      {},
      '/dashboard?co=1',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching users.');
  });

  it('does not offer Delete of a change order to staff who are not admins, even with userAccessAccess', async () => {
    const fake = renderDashboard(
      {
        'GET /api/co/get-contracts': () => coListOf([coCard({ signatory_name: 'Old' })]),
      },
      { isAdmin: false, access: { ...staffSession().access, userAccessAccess: true } },
      '/dashboard?co=1',
    );
    await screen.findByRole('heading', { name: 'Old' });
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/api/auth/session')).toBe(true));
    await waitFor(() =>
      expect(actionsOf('Old')).toEqual({
        main: 'Send Reminder',
        menu: ['Copy Link', 'Change signer', 'Mark as Signed', 'Cancel Contract'],
      }),
    );
  });

  it('deletes a change order for an admin after a confirmation', async () => {
    const fake = renderDashboard(
      {
        'GET /api/co/get-contracts': () =>
          coListOf([coCard({ _id: 'co-del', signatory_name: 'Old' })]),
        'POST /api/co/delete-contract': () => ({ message: 'deleted' }),
      },
      { isAdmin: true },
      '/dashboard?co=1',
    );
    await screen.findByRole('heading', { name: 'Old' });
    await waitFor(() => expect(actionsOf('Old').menu).toContain('Delete'));
    chooseFromMenu('Old', 'Delete');
    const dialog = screen.getByRole('dialog', { name: 'Delete this change order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Contract deleted.');
    expect(fake.calls.find((c) => c.path === '/api/co/delete-contract')?.body).toEqual({
      id: 'co-del',
    });
  });

  it('Edit and Resend keeps the saved change order as editAndResendCoContractData and opens /co', async () => {
    const contract = {
      _id: 'co-old',
      token: '',
      docLink: 'http://api.test/api/documents/d/co1/edit',
      deal_id: '40000123',
      project_id: 'P-1001',
      signatory_name: 'Dana Reyes',
      signatory_email: 'dana@example.com',
      fee: 2400,
      payment_terms: 'Net 30',
      coLabel: 'Change Order 2',
    };
    const fake = renderDashboard(
      {
        'GET /api/co/get-contracts': () =>
          coListOf([coCard({ _id: 'co-old', signatory_name: 'Dana Reyes', status: 'cancelled' })]),
        'POST /api/co/update-edit-resend': () => ({ contract }),
      },
      {},
      '/dashboard?co=1',
    );
    await screen.findByRole('heading', { name: 'Dana Reyes' });
    chooseFromMenu('Dana Reyes', 'Edit and Resend');
    expect(await screen.findByRole('heading', { name: 'Change Order' })).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/api/co/update-edit-resend')?.body).toEqual({
      id: 'co-old',
    });
    // With the card's recipients: /co asks the same signers (and countersigner) again.
    expect(
      JSON.parse(localStorage.getItem(STORAGE_KEYS.editAndResendCoContractData) ?? 'null'),
    ).toEqual({
      ...contract,
      recipients: [expect.objectContaining({ id: 'signer-1', role: 'signer', order: 1 })],
    });
  });

  it("shows the change order's contact rows and its event timeline in the details modal", async () => {
    const listed = coCard({
      _id: 'co-d',
      signatory_name: 'Dana Reyes',
      status: 'signed',
      signedAt: '2026-03-06T20:30:00.000Z',
      signedIp: '203.0.113.9',
      history: [
        historyEvent({ timestamp: '2026-03-04T17:05:00.000Z', title: 'Change order sent' }),
        historyEvent({
          timestamp: '2026-03-06T20:30:00.000Z',
          type: 'signed',
          title: 'Signed',
          status: 'signed',
          performedBy: 'dana@example.com',
          ipAddress: '203.0.113.9',
        }),
      ],
    });
    renderDashboard(
      { 'GET /api/co/get-contracts': () => coListOf([listed]) },
      {},
      '/dashboard?co=1',
    );
    await screen.findByRole('heading', { name: 'Dana Reyes' });
    fireEvent.click(within(cardOf('Dana Reyes')).getByRole('button', { name: /Details/ }));
    const dialog = screen.getByRole('dialog', { name: 'Change order details — Dana Reyes' });
    const row = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(row('Name')).toHaveTextContent('Dana Reyes');
    expect(row('Phone')).toHaveTextContent('+14155550111');
    expect(row('CSM')).toHaveTextContent('csm@prosign.example');
    expect(row('PM')).toHaveTextContent('pm@prosign.example');
    expect(row('CC emails')).toHaveTextContent('office@example.com');
    expect(row('Deal ID')).toHaveTextContent('40000123');
    expect(row('Project')).toHaveTextContent('P-1001');
    expect(row('Main contract signed')).toHaveTextContent('March 14, 2025');
    expect(row('Fee')).toHaveTextContent('$2,400.00');
    expect(row('Payment terms')).toHaveTextContent('Split Payment: $1,500.00 + $900.00');
    const history = within(dialog).getByRole('table', { name: 'Document history' });
    const rows = within(history).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('2026-03-06 12:30 PST');
    expect(rows[2]).toHaveTextContent('dana@example.com');
    expect(rows[2]).toHaveTextContent('203.0.113.9');
    await expectNoSeriousAxeViolations(dialog);
  });

  it('shows a change order signed elsewhere as signed without reload', async () => {
    let status = 'not-signed';
    renderDashboard(
      {
        'GET /api/co/get-contracts': () =>
          coListOf([coCard({ _id: 'co-live', signatory_name: 'Live', status: status as never })]),
      },
      {},
      '/dashboard?co=1',
    );
    await screen.findByRole('heading', { name: 'Live' });
    // A standard contract with the same id is not this change order.
    status = 'signed';
    mockServerEmit('contract-changed', { family: 'standard', id: 'co-live', status, at: '' });
    mockServerEmit('contract-changed', { family: 'co', id: 'co-live', status, at: '' });
    await waitFor(() => expect(within(cardOf('Live')).getByText('Signed')).toBeInTheDocument());
    mockServerEmit('signer-presence', { family: 'co', id: 'co-live', active: true, at: '' });
    expect(within(cardOf('Live')).getByText('Viewing now')).toBeInTheDocument();
  });

  it('has no serious accessibility violations with change-order cards', async () => {
    renderDashboard(
      { 'GET /api/co/get-contracts': () => coListOf([coCard(), coCard({ status: 'signed' })]) },
      {},
      '/dashboard?co=1',
    );
    await screen.findByRole('list', { name: 'Change orders' });
    await expectNoSeriousAxeViolations();
  });
});
