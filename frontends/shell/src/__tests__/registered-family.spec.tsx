import {
  createAccessFlags,
  registerFamily,
  SOW_FAMILY_DEFINITION,
  unregisterFamily,
} from '@prosign/domain';
import { agreementCard } from '@prosign/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, staffSession } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

jest.mock('socket.io-client', () => ({
  io: () => ({ on: jest.fn(), removeAllListeners: jest.fn(), disconnect: jest.fn() }),
}));

/** A family no product file names: registered here, from its definition alone. */
beforeAll(() =>
  registerFamily({
    ...SOW_FAMILY_DEFINITION,
    id: 'lease',
    label: 'Lease',
    noun: 'lease',
    pluralNoun: 'leases',
    documentName: 'lease agreement',
    idNoun: 'a lease id',
    apiPrefix: 'lease',
    dashboard: { ...SOW_FAMILY_DEFINITION.dashboard, path: '/lease-dashboard', messages: {} },
    signing: { kind: 'link', segment: 'lease-signature', signatureFontSizePx: 30 },
    creationPath: undefined,
  }),
);
afterAll(() => unregisterFamily('lease'));

beforeEach(() => setViewportWidth(1280));

const LEASE_FLAGS = createAccessFlags({ sowDashboardAccess: true });

function leaseApi(flags = LEASE_FLAGS) {
  const api = createFakeApi({ session: staffSession({ access: flags }) });
  const card = agreementCard({
    family: 'lease',
    status: 'not-signed',
    summary: { ...agreementCard().summary, title: 'Lease — 12 Harbor Road' },
  });
  api.on('GET', /^\/api\/lease\/get-contracts\?/, () => ({
    status: 200,
    body: { filteredContracts: [card], totalPages: 1, total: 1, page: 1, limit: 10 },
  }));
  return api;
}

describe('a family registered at start, without screens of its own', () => {
  it('has a dashboard at its path, titled by its definition, listing its cards', async () => {
    const api = leaseApi();
    await renderShell('/lease-dashboard', { api });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lease Dashboard' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Leases' });
    expect(within(list).getByText('Lease — 12 Harbor Road')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search leases' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.startsWith('/api/lease/get-contracts?'))).toBe(true);
  });

  it('is in the navigation of staff with its dashboard flag, and only theirs', async () => {
    const user = userEvent.setup();
    await renderShell('/sow-dashboard', { api: leaseApi() });
    const nav = screen.getByRole('navigation');
    const entry = within(nav).getByRole('link', { name: 'Lease Dashboard' });
    expect(entry).toHaveAttribute('href', '/lease-dashboard');
    await user.click(entry);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lease Dashboard' }),
    ).toBeInTheDocument();
  });

  it('says "No access" to staff without its flag', async () => {
    const flags = createAccessFlags({ dashboardAccess: true });
    await renderShell('/lease-dashboard', { api: leaseApi(flags) });
    expect(
      within(screen.getByRole('navigation')).queryByRole('link', { name: 'Lease Dashboard' }),
    ).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Lease Dashboard' })).toBeNull();
  });

  it('says when it has no cards, and when its list could not be fetched', async () => {
    const api = createFakeApi({ session: staffSession({ access: LEASE_FLAGS }) });
    api.on('GET', /^\/api\/lease\/get-contracts\?/, () => ({
      status: 200,
      body: { filteredContracts: [], totalPages: 1, total: 0, page: 1, limit: 10 },
    }));
    const { unmount } = await renderShell('/lease-dashboard', { api });
    expect(await screen.findByText('No such contracts found.')).toBeInTheDocument();
    unmount();

    const failing = createFakeApi({ session: staffSession({ access: LEASE_FLAGS }) });
    failing.on('GET', /^\/api\/lease\/get-contracts\?/, () => ({ status: 500, body: {} }));
    await renderShell('/lease-dashboard', { api: failing });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching users.');
  });

  it('has its signing page on the signing remote at /{segment}/:customId', async () => {
    await renderShell('/lease-signature/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'signing / LinkSignature' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
