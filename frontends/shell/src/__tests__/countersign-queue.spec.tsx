import { createAccessFlags, ServerEvent } from '@prosign/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { AGREEMENT_ID, answerQueue, queueItem } from './countersign-fixtures';
import { createFakeApi, staffSession } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

const mockConnect = jest.fn();
const mockListeners = new Map<string, (event: unknown) => void>();
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

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
  mockConnect.mockClear();
  mockListeners.clear();
});

/** A staff member without any section flag: the queue is theirs all the same. */
function apiFor(flags = createAccessFlags({})) {
  return createFakeApi({
    session: staffSession({
      email: 'pm@prosign.example',
      roles: ['pm'],
      isAdmin: false,
      access: flags,
    }),
  });
}

const nav = () => screen.getByRole('navigation', { name: 'Staff navigation' });

describe('/countersign: Waiting for my signature', () => {
  it('lists what waits, with family, client signers, the wait and a saved signature, for staff without any flag', async () => {
    const api = apiFor();
    answerQueue(api, [
      queueItem(),
      queueItem({
        agreementId: 'co-1',
        family: 'co',
        agreementTitle: 'Change Order #3 — Kitchen wall',
        signers: 'Omar Haddad',
        invitedAt: new Date(Date.now() - 2 * 3600_000 - 60_000).toISOString(),
        signatureSaved: true,
      }),
    ]);
    await renderShell('/countersign', { api });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Waiting for my signature' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Waiting for my signature' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Structural Engineering Agreement — 2215 Larkin Street');
    expect(first).toHaveTextContent('Contract');
    expect(first).toHaveTextContent('Signed by Maria Elena Alvarez and Luis Alvarez');
    expect(first).toHaveTextContent('Waiting for 3 days');
    expect(first).not.toHaveTextContent('Signature saved — finish signing');
    expect(within(first).getByRole('link', { name: 'Review and sign' })).toHaveAttribute(
      'href',
      `/countersign/${AGREEMENT_ID}`,
    );
    expect(second).toHaveTextContent('Change order');
    expect(second).toHaveTextContent('Waiting for 2 hours');
    expect(second).toHaveTextContent('Signature saved — finish signing');
    expect(within(second).getByRole('link', { name: 'Finish signing' })).toHaveAttribute(
      'href',
      '/countersign/co-1',
    );
    // No "No access": the page needs no flag. The navigation counts what waits.
    expect(screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
    expect(
      within(nav()).getByRole('link', { name: /Waiting for my signature/ }),
    ).toHaveAccessibleName('Waiting for my signature (2 waiting)');
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });

  it('says when nothing waits, and the badge is hidden', async () => {
    const api = apiFor();
    answerQueue(api, []);
    await renderShell('/countersign', { api });
    expect(await screen.findByText('Nothing waits for your signature.')).toBeInTheDocument();
    expect(
      within(nav()).getByRole('link', { name: /Waiting for my signature/ }),
    ).toHaveAccessibleName('Waiting for my signature');
  });

  it('shows a loading state, then an error with Retry that reads the queue again', async () => {
    const user = userEvent.setup();
    const api = apiFor();
    let fail = true;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.on('GET', '/api/countersign/mine', async () => {
      await held;
      return fail ? { status: 500, body: {} } : { status: 200, body: { items: [queueItem()] } };
    });
    await renderShell('/countersign', { api });
    expect(screen.getByRole('main')).toHaveTextContent('Loading what waits for your signature…');
    await act(async () => release());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load what waits for your signature.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Review and sign' })).toBeInTheDocument();
  });

  it('reads the queue again when the window gets focus (a client signed meanwhile)', async () => {
    const api = apiFor();
    const items = [queueItem()];
    api.on('GET', '/api/countersign/mine', () => ({ status: 200, body: { items: [...items] } }));
    await renderShell('/dashboard', { api, flags: createAccessFlags({}) });
    await waitFor(() =>
      expect(
        within(nav()).getByRole('link', { name: /Waiting for my signature/ }),
      ).toHaveAccessibleName('Waiting for my signature (1 waiting)'),
    );
    items.push(queueItem({ agreementId: 'sow-9', family: 'sow' }));
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() =>
      expect(
        within(nav()).getByRole('link', { name: /Waiting for my signature/ }),
      ).toHaveAccessibleName('Waiting for my signature (2 waiting)'),
    );
  });

  it('shows the count on the phone menu button too', async () => {
    setViewportWidth(390);
    const api = apiFor();
    answerQueue(api, [queueItem()]);
    await renderShell('/countersign', { api });
    await waitFor(() =>
      expect(within(nav()).getByRole('button', { name: /Menu/ })).toHaveAccessibleName(
        'Menu (1 waiting)',
      ),
    );
  });

  it('reads the queue again at once when an agreement changes, for staff who hear live events', async () => {
    const api = apiFor(createAccessFlags({ dashboardAccess: true }));
    const items = [queueItem()];
    api.on('GET', '/api/countersign/mine', () => ({ status: 200, body: { items: [...items] } }));
    await renderShell('/countersign', { api });
    const list = await screen.findByRole('list', { name: 'Waiting for my signature' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(mockConnect).toHaveBeenCalledTimes(1);
    items.push(queueItem({ agreementId: 'sow-9', family: 'sow', agreementTitle: 'SOW 9' }));
    act(() => mockListeners.get(ServerEvent.AgreementChanged)?.({ id: 'sow-9', family: 'sow' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Scope-of-Work contract');
  });

  it('opens no live connection for staff whom the server would not let in', async () => {
    const api = apiFor();
    answerQueue(api, []);
    await renderShell('/countersign', { api });
    await screen.findByText('Nothing waits for your signature.');
    expect(mockConnect).not.toHaveBeenCalled();
  });
});

describe('the "Waiting for my signature" entry', () => {
  /** The demo CSM: Home and Dashboard, and the server says nobody named them countersigner. */
  function csmApi(countersigner: boolean) {
    return createFakeApi({
      session: staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: createAccessFlags({ homeAccess: true, dashboardAccess: true }),
        countersigner,
      }),
    });
  }
  /** The navigation's entries after the brand link. */
  const entryNames = () =>
    within(nav())
      .getAllByRole('link')
      .slice(1)
      .map((link) => link.textContent);

  it('is not in the navigation of staff nobody named countersigner, who never read the queue', async () => {
    const api = csmApi(false);
    answerQueue(api, []);
    await renderShell('/dashboard', { api });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'contracts / Dashboard' }),
    ).toBeInTheDocument();
    expect(entryNames()).toEqual([
      'Home',
      'Dashboard',
      'Invoices',
      'New document',
      'Document templates',
    ]);
    expect(api.callsTo('GET', '/api/countersign/mine')).toEqual([]);
  });

  it('leaves no badge on the phone menu button of someone who does not countersign', async () => {
    setViewportWidth(390);
    const api = csmApi(false);
    answerQueue(api, [queueItem()]);
    await renderShell('/dashboard', { api });
    await screen.findByRole('heading', { level: 1, name: 'contracts / Dashboard' });
    expect(within(nav()).getByRole('button', { name: /Menu/ })).toHaveAccessibleName('Menu');
  });

  it('still says nothing waits on the page itself, for someone who opens /countersign without it', async () => {
    const api = csmApi(false);
    answerQueue(api, []);
    await renderShell('/countersign', { api });
    expect(await screen.findByText('Nothing waits for your signature.')).toBeInTheDocument();
    expect(
      within(nav()).queryByRole('link', { name: /Waiting for my signature/ }),
    ).not.toBeInTheDocument();
  });

  it('appears on the next load of the session once an admin names them countersigner', async () => {
    const api = csmApi(false);
    answerQueue(api, [queueItem()]);
    await renderShell('/dashboard', { api });
    await screen.findByRole('heading', { level: 1, name: 'contracts / Dashboard' });
    expect(entryNames()).not.toContain('Waiting for my signature');

    api.setSession(
      staffSession({
        email: 'csm@prosign.example',
        roles: ['csm'],
        isAdmin: false,
        access: createAccessFlags({ homeAccess: true, dashboardAccess: true }),
        countersigner: true,
      }),
    );
    // Coming back to the tab reads the session again.
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() =>
      expect(
        within(nav()).getByRole('link', { name: /Waiting for my signature/ }),
      ).toHaveAccessibleName('Waiting for my signature (1 waiting)'),
    );
  });
});
