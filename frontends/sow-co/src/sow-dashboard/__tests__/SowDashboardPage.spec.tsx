import { STORAGE_KEYS, type SowCardView } from '@prosign/domain';
import { PdfLoaderProvider } from '@prosign/ui';
import {
  agreementCard,
  expectNoSeriousAxeViolations,
  fakePdfLoader,
  historyEvent,
  staffSession,
} from '@prosign/ui/testing';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SowDashboardPage } from '../../pages/SowDashboardPage';
import { fakeApi, type Handler } from '../../test-support/fake-api';

/** A listed SOW: the shared agreement fixture plus the SOW's own fields; the summary follows them. */
let sequence = 0;
function sow(overrides: Partial<SowCardView> = {}): SowCardView {
  sequence += 1;
  const listed: SowCardView = {
    // Its one signer's state follows the status (a saved SOW's signer has saved).
    ...agreementCard({ status: overrides.status ?? 'not-signed' }),
    family: 'sow',
    _id: `sow-${sequence}`,
    status: 'not-signed',
    customId: `cust-${sequence}`,
    signingLink: `http://sign.test/sow-signature/cust-${sequence}`,
    cp_name: `Partner ${sequence}`,
    cp_email: `partner${sequence}@partners.example.com`,
    cp_phone: '+14085550203',
    cp_roles: 'designer_cp,ose_cp',
    cc_emails: 'pm@prosign.example',
    project_type: 'Residential',
    project_id: '60000003',
    project_address: '88 Orchard Lane, San Jose, CA 95112',
    project_timeline: '1 week',
    site_visit_date_time: '2026-03-12T10:30',
    payment_amount: 1550.5,
    pm_email: 'pm@prosign.example',
    effective_date: '2026-03-04',
    ...overrides,
  };
  return {
    ...listed,
    summary: overrides.summary ?? {
      title: `Scope of Work: ${listed.project_address}`,
      recipientName: listed.cp_name,
      recipientEmail: listed.cp_email,
      recipientPhone: listed.cp_phone,
      address: listed.project_address,
      senderEmail: listed.pm_email,
    },
  };
}

function listOf(cards: SowCardView[], totalPages = 1) {
  return { filteredContracts: cards, totalPages, total: cards.length, page: 1, limit: 25 };
}

// A fake staff socket: tests play the server's events through `mockServerEmit`.
const mockListeners = new Map<string, (event: unknown) => void>();
jest.mock('socket.io-client', () => ({
  io: () => ({
    on: (name: string, listener: (event: unknown) => void) => mockListeners.set(name, listener),
    removeAllListeners: () => mockListeners.clear(),
    disconnect: jest.fn(),
  }),
}));
function mockServerEmit(name: string, event: unknown) {
  act(() => mockListeners.get(name)?.(event));
}

const LIST = 'GET /api/sow/get-contracts';
const PM = { email: 'pm@prosign.example', roles: ['pm'], isAdmin: false } as const;

/**
 * The SOW dashboard at /sow-dashboard against a fake API ("METHOD /path" →
 * handler; a thrown object is the error) and a two-page fake PDF; /sow says
 * where Edit and Resend leads. An admin unless `session` says otherwise.
 */
function renderDashboard(routes: Record<string, Handler>, session: object = {}) {
  const pdf = fakePdfLoader(2);
  const { calls, wrapper } = fakeApi({
    'GET /api/auth/session': () => staffSession(session),
    ...routes,
  });
  render(
    <PdfLoaderProvider loader={pdf}>
      <MemoryRouter initialEntries={['/sow-dashboard']}>
        <Routes>
          <Route path="/sow-dashboard" element={<SowDashboardPage />} />
          <Route path="/sow" element={<h1>SOW Home</h1>} />
        </Routes>
      </MemoryRouter>
    </PdfLoaderProvider>,
    { wrapper },
  );
  const listCalls = () =>
    calls
      .filter((c) => c.method === 'GET' && c.path === '/api/sow/get-contracts')
      .map((c) => ({ ...c, query: { ...c.query } as Record<string, unknown> }));
  const posts = (path: string) =>
    calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
  const sessionKnown = () =>
    waitFor(() => expect(calls.some((c) => c.path === '/api/auth/session')).toBe(true));
  return { calls, listCalls, posts, sessionKnown, openedPdfs: pdf.opened };
}

const cardOf = (name: string) => screen.getByRole('listitem', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });

function openMenu(name: string) {
  fireEvent.click(within(cardOf(name)).getByRole('button', { name: 'More actions' }));
  return screen.getByRole('menu', { name: 'More actions' });
}

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

/** Confirms the question a destructive action asks. */
function confirm(dialogName: string, button: string) {
  const dialog = screen.getByRole('dialog', { name: dialogName });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

beforeEach(() => {
  mockListeners.clear();
  localStorage.clear();
});

describe('SOW dashboard', () => {
  it('asks for the first page of 25 of all SOWs and shows each card with its roles and total', async () => {
    const fake = renderDashboard({
      [LIST]: () => listOf([sow({ cp_name: 'Mei Lin', status: 'viewed' })]),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'SOW Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Mei Lin' })).toBeInTheDocument();
    expect(fake.listCalls()[0].query).toEqual({
      page: 1,
      limit: 25,
      search: undefined,
      filters: 'all',
    });
    const card = cardOf('Mei Lin');
    expect(within(card).getByText('Viewed')).toBeInTheDocument();
    expect(within(card).getByText('Designer, On-Site Engineer (OSE)')).toBeInTheDocument();
    expect(within(card).getByText('Total $1,550.50')).toBeInTheDocument();
    const size = screen.getByRole('combobox', { name: 'Per page' });
    expect(size).toHaveValue('25');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100']);
  });

  it('offers the SOW filters and applies the all/none rule', async () => {
    const fake = renderDashboard({ [LIST]: () => listOf([sow()]) });
    await screen.findByRole('list', { name: 'SOW contracts' });
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(
      within(filters)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual([
      'All',
      'Viewed',
      'Not viewed',
      'Signature saved',
      'Signature not saved',
      'Signed',
      'Not signed',
      'Declined',
    ]);
    expect(checkbox('All')).toBeChecked();

    fireEvent.click(checkbox('Signature saved'));
    expect(checkbox('All')).not.toBeChecked();
    await waitFor(() => expect(fake.listCalls().at(-1)?.query.filters).toBe('signatureSaved'));

    fireEvent.click(checkbox('Not signed'));
    await waitFor(() =>
      expect(fake.listCalls().at(-1)?.query.filters).toBe('signatureSaved,notSigned'),
    );

    fireEvent.click(checkbox('All'));
    expect(checkbox('Signature saved')).not.toBeChecked();
    expect(checkbox('Not signed')).not.toBeChecked();
    await waitFor(() => expect(fake.listCalls().at(-1)?.query.filters).toBe('all'));

    // Unticking the last one brings all back.
    fireEvent.click(checkbox('Not viewed'));
    await waitFor(() => expect(fake.listCalls().at(-1)?.query.filters).toBe('notViewed'));
    fireEvent.click(checkbox('Not viewed'));
    expect(checkbox('All')).toBeChecked();
  });

  it('searches 500 ms after the last keystroke, with one request, from page 1', async () => {
    const fake = renderDashboard({
      [LIST]: (_body, query) => ({ ...listOf([sow()], 3), page: query.page }),
    });
    await screen.findByText(/Page 1 of 3/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(/Page 2 of 3/);

    const box = screen.getByRole('searchbox', { name: 'Search SOW contracts' });
    for (const text of ['o', 'or', 'orch', 'orchard']) {
      fireEvent.change(box, { target: { value: text } });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.listCalls().some((c) => c.query.search)).toBe(false);
    await waitFor(() => expect(fake.listCalls().at(-1)?.query.search).toBe('orchard'));
    expect(fake.listCalls().filter((c) => c.query.search)).toHaveLength(1);
    expect(fake.listCalls().at(-1)?.query.page).toBe(1);
  });

  it('asks for another page size from page 1', async () => {
    const fake = renderDashboard({ [LIST]: () => listOf([sow()]) });
    await screen.findByRole('list', { name: 'SOW contracts' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Per page' }), {
      target: { value: '100' },
    });
    await waitFor(() =>
      expect(fake.listCalls().at(-1)?.query).toMatchObject({ page: 1, limit: 100 }),
    );
  });

  it('says "No such contracts found." when nothing matches', async () => {
    renderDashboard({ [LIST]: () => listOf([]) });
    expect(await screen.findByText('No such contracts found.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'SOW contracts' })).not.toBeInTheDocument();
  });

  it('says "Error while fetching contracts" when the list cannot be fetched', async () => {
    renderDashboard({
      [LIST]: () => {
        throw { statusCode: 500, message: 'boom' };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error while fetching contracts');
    expect(screen.queryByRole('list', { name: 'SOW contracts' })).not.toBeInTheDocument();
  });

  it('offers an admin one main action and the rest in a menu, as each status allows (spec 3 §4)', async () => {
    const fake = renderDashboard({
      [LIST]: () =>
        listOf([
          sow({ cp_name: 'Waiting', status: 'not-signed' }),
          sow({ cp_name: 'Saved', status: 'signature_saved' }),
          sow({ cp_name: 'Done', status: 'signed' }),
          sow({ cp_name: 'Stopped', status: 'cancelled' }),
          sow({ cp_name: 'Replaced', status: 'edited_resent' }),
          sow({ cp_name: 'Redone', status: 'resent', isResend: true }),
          sow({ cp_name: 'Gone', status: 'void' }),
        ]),
    });
    await screen.findByRole('heading', { name: 'Waiting' });
    await fake.sessionKnown();
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
    // SOW only: resent and edited-and-resent SOWs not yet resent themselves can be resent.
    expect(actionsOf('Replaced')).toEqual({
      main: 'Resend',
      menu: ['Edit and Resend', 'Delete'],
    });
    expect(actionsOf('Redone')).toEqual({ main: null, menu: ['Delete'] });
    expect(actionsOf('Gone')).toEqual({ main: null, menu: ['Delete'] });
  });

  it('does not show Delete or Void to staff who are not admins', async () => {
    const fake = renderDashboard(
      {
        [LIST]: () =>
          listOf([
            sow({ cp_name: 'Waiting', status: 'not-signed' }),
            sow({ cp_name: 'Done', status: 'signed' }),
            sow({ cp_name: 'Stopped', status: 'cancelled' }),
          ]),
      },
      PM,
    );
    await screen.findByRole('heading', { name: 'Waiting' });
    await fake.sessionKnown();
    expect(actionsOf('Waiting')).toEqual({
      main: 'Send Reminder',
      menu: ['Copy Link', 'Change signer', 'Mark as Signed', 'Cancel Contract'],
    });
    expect(actionsOf('Done')).toEqual({ main: null, menu: [] });
    expect(actionsOf('Stopped')).toEqual({ main: 'Resend', menu: ['Edit and Resend'] });
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('deletes for an admin after a confirmation, by the SOW’s id', async () => {
    let deleted = false;
    const fake = renderDashboard({
      [LIST]: () => listOf(deleted ? [] : [sow({ _id: 'sow-old', cp_name: 'Old' })]),
      'POST /api/sow/delete-contract': () => {
        deleted = true;
        return { message: 'deleted' };
      },
    });
    await screen.findByRole('heading', { name: 'Old' });
    await fake.sessionKnown();
    await waitFor(() => expect(actionsOf('Old').menu).toContain('Delete'));
    chooseFromMenu('Old', 'Delete');
    const dialog = screen.getByRole('dialog', { name: 'Delete this scope-of-work contract?' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    confirm('Delete this scope-of-work contract?', 'Delete');
    await screen.findByText('Contract deleted.');
    expect(fake.posts('/api/sow/delete-contract')).toEqual([{ id: 'sow-old' }]);
    expect(await screen.findByText('No such contracts found.')).toBeInTheDocument();
  });

  it('sends a reminder, then shows the button locked with its tooltip', async () => {
    let sent = false;
    const lockedUntil = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const fake = renderDashboard({
      [LIST]: () =>
        listOf([
          sow({
            _id: 'sow-r',
            cp_name: 'Remind me',
            ...(sent
              ? {
                  remindersAt: [new Date().toISOString()],
                  isDeactiveReminder: true,
                  reminderDeactivateTime: lockedUntil,
                }
              : {}),
          }),
        ]),
      'POST /api/sow/send-reminder': () => {
        sent = true;
        return { message: 'sent', remindersAt: [], reminderDeactivateTime: lockedUntil };
      },
    });
    await screen.findByRole('heading', { name: 'Remind me' });
    const button = within(cardOf('Remind me')).getByRole('button', { name: 'Send Reminder' });
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleDescription('No reminders sent yet');
    fireEvent.click(button);
    await screen.findByText('Reminder email sent.');
    expect(fake.posts('/api/sow/send-reminder')).toEqual([{ id: 'sow-r' }]);
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

  it('says why a reminder failed in the spec’s words', async () => {
    renderDashboard({
      [LIST]: () => listOf([sow({ cp_name: 'R' })]),
      'POST /api/sow/send-reminder': () => {
        throw { statusCode: 409, message: 'A reminder was sent recently.' };
      },
    });
    await screen.findByRole('heading', { name: 'R' });
    fireEvent.click(within(cardOf('R')).getByRole('button', { name: 'Send Reminder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error sending reminder email. A reminder was sent recently.',
    );
  });

  it('cancels after a confirmation, and says when cancelling fails', async () => {
    let refuse = false;
    const fake = renderDashboard({
      [LIST]: () => listOf([sow({ _id: 'sow-c', cp_name: 'To cancel' })]),
      'POST /api/sow/cancel-contract': () => {
        if (refuse) throw new Error('');
        return { message: 'cancelled', status: 'cancelled' };
      },
    });
    await screen.findByRole('heading', { name: 'To cancel' });
    chooseFromMenu('To cancel', 'Cancel Contract');
    confirm('Cancel this scope-of-work contract?', 'Cancel Contract');
    expect(await screen.findByText('The Contract has cancelled.')).toBeInTheDocument();
    expect(fake.posts('/api/sow/cancel-contract')).toEqual([{ id: 'sow-c' }]);

    refuse = true;
    chooseFromMenu('To cancel', 'Cancel Contract');
    confirm('Cancel this scope-of-work contract?', 'Cancel Contract');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error cancelling contract. Please try again.',
    );
  });

  it('marks as signed after a confirmation', async () => {
    const fake = renderDashboard({
      [LIST]: () => listOf([sow({ _id: 'sow-m', cp_name: 'Paper' })]),
      'POST /api/sow/manual-signed': () => ({ message: 'ok', status: 'signed_manually' }),
    });
    await screen.findByRole('heading', { name: 'Paper' });
    chooseFromMenu('Paper', 'Mark as Signed');
    expect(
      screen.getByRole('dialog', { name: 'Mark this scope-of-work contract as signed?' }),
    ).toHaveTextContent('Use this when the partner signed outside ProSign.');
    confirm('Mark this scope-of-work contract as signed?', 'Mark as Signed');
    expect(await screen.findByText('Contract marked as signed.')).toBeInTheDocument();
    expect(fake.posts('/api/sow/manual-signed')).toEqual([{ id: 'sow-m' }]);
  });

  it('voids a signed SOW for an admin and shows the voided PDF', async () => {
    let voided = false;
    const current = () =>
      sow({
        _id: 'sow-v',
        cp_name: 'Signed one',
        cp_email: 'signed.one@partners.example.com',
        status: voided ? 'void' : 'signed',
        signedDocLink: 'http://api.test/api/documents/d/signed1/edit',
        voidDocLink: voided ? 'http://api.test/api/documents/d/void1/edit' : null,
      });
    const { openedPdfs, posts } = renderDashboard({
      [LIST]: () => listOf([current()]),
      'POST /api/sow/void-contract': () => {
        voided = true;
        return { message: 'voided', status: 'void', voidDocLink: 'x' };
      },
    });
    await screen.findByRole('heading', { name: 'Signed one' });
    fireEvent.click(
      await within(cardOf('Signed one')).findByRole('button', { name: 'Void Contract' }),
    );
    confirm('Void this signed scope-of-work contract?', 'Void Contract');
    expect(await screen.findByText('Contract successfully voided.')).toBeInTheDocument();
    expect(posts('/api/sow/void-contract')).toEqual([{ id: 'sow-v' }]);
    const preview = await screen.findByRole('dialog', {
      name: 'Voided scope-of-work contract — Signed one',
    });
    const document = await within(preview).findByRole('region', {
      name: 'Voided scope-of-work contract PDF',
    });
    expect(await within(document).findByRole('img', { name: 'Page 1 of 2' })).toBeInTheDocument();
    expect(openedPdfs.at(-1)).toBe('http://api.test/api/documents/d/void1/view');
  });

  it('resends a cancelled SOW', async () => {
    const fake = renderDashboard({
      [LIST]: () =>
        listOf([
          sow({
            _id: 'sow-x',
            cp_name: 'Again',
            cp_email: 'again@partners.example.com',
            status: 'cancelled',
          }),
        ]),
      'POST /api/sow/update-resend': () => ({ message: 'resent', token: 'new' }),
    });
    await screen.findByRole('heading', { name: 'Again' });
    fireEvent.click(within(cardOf('Again')).getByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText('Contract resent successfully to again@partners.example.com.'),
    ).toBeInTheDocument();
    expect(fake.posts('/api/sow/update-resend')).toEqual([{ id: 'sow-x' }]);
  });

  it('Edit and Resend keeps the saved form and the card’s recipients as editAndResendSowContractData and opens /sow', async () => {
    const saved = {
      _id: 'sow-e',
      token: 'cust-e',
      docLink: 'http://api.test/api/documents/d/e/edit',
      cp_name: 'Vera Fox',
      cp_email: 'vera.fox@partners.example.com',
      cp_roles: 'designer_cp',
      fees: { designer_fee_test: 500 },
      project_id: '60000003',
    };
    const fake = renderDashboard({
      [LIST]: () => listOf([sow({ _id: 'sow-e', cp_name: 'Vera Fox', status: 'expired' })]),
      'POST /api/sow/update-edit-resend': () => ({ contract: saved }),
    });
    await screen.findByRole('heading', { name: 'Vera Fox' });
    chooseFromMenu('Vera Fox', 'Edit and Resend');
    expect(await screen.findByRole('heading', { name: 'SOW Home' })).toBeInTheDocument();
    expect(fake.posts('/api/sow/update-edit-resend')).toEqual([{ id: 'sow-e' }]);
    // The recipients come with it: /sow asks the same additional signers again.
    const stored = JSON.parse(
      localStorage.getItem(STORAGE_KEYS.editAndResendSowContractData) ?? 'null',
    );
    expect(stored).toEqual({ ...saved, recipients: expect.any(Array) });
    expect(stored.recipients.map((r: { id: string }) => r.id)).toEqual(['signer-1']);
  });

  it('stays on the dashboard and says so when Edit and Resend is refused', async () => {
    renderDashboard({
      [LIST]: () => listOf([sow({ cp_name: 'Vera Fox', status: 'cancelled' })]),
      'POST /api/sow/update-edit-resend': () => {
        throw { statusCode: 409, message: 'Edit and Resend is not available.' };
      },
    });
    await screen.findByRole('heading', { name: 'Vera Fox' });
    chooseFromMenu('Vera Fox', 'Edit and Resend');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to resend the contract');
    expect(screen.queryByRole('heading', { name: 'SOW Home' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.editAndResendSowContractData)).toBeNull();
  });

  it('Copy Link opens the copy-link modal with the SOW signing link', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderDashboard({
      [LIST]: () =>
        listOf([sow({ cp_name: 'Link', signingLink: 'http://sign.test/sow-signature/abc' })]),
    });
    await screen.findByRole('heading', { name: 'Link' });
    chooseFromMenu('Link', 'Copy Link');
    const dialog = screen.getByRole('dialog', { name: 'Copy link — Link' });
    expect(within(dialog).getByRole('textbox', { name: 'Signing link' })).toHaveValue(
      'http://sign.test/sow-signature/abc',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://sign.test/sow-signature/abc');
  });

  it('shows the SOW document in the view-document modal', async () => {
    const { openedPdfs } = renderDashboard({
      [LIST]: () =>
        listOf([sow({ cp_name: 'Doc', docLink: 'http://api.test/api/documents/d/sow7/edit' })]),
    });
    await screen.findByRole('heading', { name: 'Doc' });
    fireEvent.click(within(cardOf('Doc')).getByRole('button', { name: /Preview document/ }));
    const dialog = screen.getByRole('dialog', { name: 'Agreement — Doc' });
    const document = await within(dialog).findByRole('region', { name: 'Agreement PDF' });
    expect(await within(document).findByRole('img', { name: 'Page 1 of 2' })).toBeInTheDocument();
    expect(openedPdfs.at(-1)).toBe('http://api.test/api/documents/d/sow7/view');
  });

  it('shows per-step times with IPs and the event timeline in the details modal', async () => {
    const listed = sow({
      cp_name: 'Mei Lin',
      status: 'signed',
      createdAt: '2026-03-04T17:05:00.000Z',
      createdIp: '10.0.0.1',
      viewedAt: '2026-03-05T16:00:00.000Z',
      viewedIp: '203.0.113.7',
      signatureSavedAt: '2026-03-06T20:25:00.000Z',
      signatureSavedIp: '203.0.113.8',
      signedAt: '2026-03-06T20:30:00.000Z',
      signedIp: '203.0.113.9',
      viewedTimes: 3,
      history: [
        historyEvent({ status: 'not-signed', performedBy: 'pm@prosign.example' }),
        historyEvent({
          timestamp: '2026-03-06T20:30:00.000Z',
          type: 'signed',
          title: 'Signed',
          status: 'signed',
          performedBy: 'signer',
          ipAddress: '203.0.113.9',
        }),
      ],
    });
    renderDashboard({ [LIST]: () => listOf([listed]) });
    await screen.findByRole('heading', { name: 'Mei Lin' });
    fireEvent.click(within(cardOf('Mei Lin')).getByRole('button', { name: /Details/ }));
    const dialog = screen.getByRole('dialog', {
      name: 'Scope-of-Work contract details — Mei Lin',
    });
    expect(within(dialog).getByRole('row', { name: /^Signed / })).toHaveTextContent(
      '2026-03-06 12:30 PST203.0.113.9',
    );
    expect(within(dialog).getByRole('row', { name: /^Signature saved/ })).toHaveTextContent(
      '203.0.113.8',
    );
    expect(within(dialog).getByRole('row', { name: /^First viewed/ })).toHaveTextContent(
      '203.0.113.7',
    );
    expect(dialog).toHaveTextContent('Partner rolesDesigner, On-Site Engineer (OSE)');
    expect(dialog).toHaveTextContent('Total payment$1,550.50');
    // The stored Pacific wall-clock site visit reads in the one format, not raw '2026-03-12T10:30'.
    expect(dialog).toHaveTextContent('Site visit2026-03-12 10:30 PST');
    expect(dialog).toHaveTextContent('Effective date2026-03-04');
    expect(dialog).not.toHaveTextContent('T10:30');
    const rows = within(
      within(dialog).getByRole('table', { name: 'Document history' }),
    ).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Timestamp (PST)EventPerformed byIP address',
      '2026-03-04 09:05 PSTSent for signaturepm@prosign.example10.0.0.1',
      '2026-03-06 12:30 PSTSignedSigner203.0.113.9',
    ]);
    await expectNoSeriousAxeViolations(dialog);
  });

  it('refreshes the list on a SOW change from the staff socket, not on another family’s', async () => {
    let status = 'not-signed';
    const fake = renderDashboard({
      [LIST]: () => listOf([sow({ _id: 'sow-live', cp_name: 'Live', status: status as never })]),
    });
    await screen.findByRole('heading', { name: 'Live' });
    const before = fake.listCalls().length;
    status = 'signed';
    mockServerEmit('contract-changed', { family: 'standard', id: 'sow-live', status, at: '' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.listCalls()).toHaveLength(before);

    mockServerEmit('contract-changed', { family: 'sow', id: 'sow-live', status, at: '' });
    await waitFor(() => expect(within(cardOf('Live')).getByText('Signed')).toBeInTheDocument());
    expect(fake.listCalls()).toHaveLength(before + 1);

    mockServerEmit('signer-presence', { family: 'sow', id: 'sow-live', active: true, at: '' });
    expect(within(cardOf('Live')).getByText('Viewing now')).toBeInTheDocument();
  });

  it('has no serious accessibility violations with cards, filters and an open menu', async () => {
    renderDashboard({
      [LIST]: () =>
        listOf([
          sow({ cp_name: 'Waiting' }),
          sow({
            cp_name: 'Locked',
            remindersAt: [new Date().toISOString()],
            isDeactiveReminder: true,
            reminderDeactivateTime: new Date(Date.now() + 3_600_000).toISOString(),
          }),
          sow({ cp_name: 'Done', status: 'signed' }),
        ]),
    });
    await screen.findByRole('heading', { name: 'Waiting' });
    await expectNoSeriousAxeViolations(document.body);
    openMenu('Waiting');
    await expectNoSeriousAxeViolations(document.body);
  });
});
