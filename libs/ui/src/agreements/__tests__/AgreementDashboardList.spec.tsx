import type { AgreementListQuery, FamilyCard } from '@prosign/api-client';
import type { CoCardView } from '@prosign/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { agreementCard, renderWithProviders } from '../../test-support/agreement-fixtures';
import type { FakeRoute } from '../../test-support/fake-api';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { listPage } from '../../test-support/agreement-views';
import { staffSession } from '../../test-support/staff-session';
import { AgreementDashboardList } from '../AgreementDashboardList';
import { useEditAndResend } from '../useEditAndResend';

jest.mock('socket.io-client', () => ({
  io: () => ({ on: jest.fn(), removeAllListeners: jest.fn(), disconnect: jest.fn() }),
}));

const QUERY: AgreementListQuery = { page: 1, limit: 25, search: '', filters: ['all'] };

function co(overrides: Partial<CoCardView> = {}): CoCardView {
  return {
    ...agreementCard({ family: 'co', status: 'not-signed' }),
    family: 'co',
    customId: 'cust-1',
    coLabel: 'Change Order 3',
    deal_id: '40000123',
    signatory_email: 'maria@example.com',
    ...overrides,
  } as CoCardView;
}

/** A change-order list whose Edit and Resend goes through the shared hook to /co. */
function CoList({
  onPage = () => undefined,
  query = QUERY,
}: {
  onPage?: (page: number) => void;
  query?: AgreementListQuery;
}) {
  const onEditAndResend = useEditAndResend('co', { storageKey: 'coDraft', route: '/co' });
  return (
    <AgreementDashboardList
      family="co"
      query={query}
      onPage={onPage}
      label="Change orders"
      loadingText="Loading change orders…"
      noun="change orders"
      cardLines={(card: FamilyCard<'co'>) => <span>{card.coLabel}</span>}
      contactRows={(card) => [['Deal ID', card.deal_id]]}
      onEditAndResend={onEditAndResend}
    />
  );
}

function renderList(routes: Record<string, FakeRoute>, ui = <CoList />) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={ui} />
        <Route path="/co" element={<h1>Change Order</h1>} />
      </Routes>
    </MemoryRouter>,
    { routes: { 'GET /api/auth/session': () => staffSession(), ...routes } },
  );
}

beforeEach(() => localStorage.clear());

describe('AgreementDashboardList', () => {
  it("says it is loading, then shows the family's cards with their own lines", async () => {
    renderList({ 'GET /api/co/get-contracts': () => listPage([co()]) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading change orders…');
    const list = await screen.findByRole('list', { name: 'Change orders' });
    const item = within(list).getByRole('listitem', { name: 'Maria Lopez' });
    expect(within(item).getByText('Change Order 3')).toBeInTheDocument();
    expect(within(item).getByText('Not signed')).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
  });

  it("shows the family's empty state", async () => {
    renderList({ 'GET /api/co/get-contracts': () => listPage([]) });
    expect(await screen.findByText('No such contracts found.')).toBeInTheDocument();
  });

  it("says the SOW family's fetch error in its own words", async () => {
    renderList(
      {
        'GET /api/sow/get-contracts': () => {
          throw Object.assign(new Error('boom'), { statusCode: 500 });
        },
      },
      <AgreementDashboardList
        family="sow"
        query={QUERY}
        onPage={() => undefined}
        label="SOW contracts"
        loadingText="Loading SOW contracts…"
        onEditAndResend={() => undefined}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error while fetching contracts');
  });

  it('pages with the counted noun', async () => {
    const onPage = jest.fn();
    renderList(
      { 'GET /api/co/get-contracts': () => ({ ...listPage([co()], 4), total: 80 }) },
      <CoList onPage={onPage} />,
    );
    expect(await screen.findByText('Page 1 of 4 · 80 change orders')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it("opens the details modal with the family's contact rows", async () => {
    renderList({ 'GET /api/co/get-contracts': () => listPage([co()]) });
    await screen.findByRole('heading', { name: 'Maria Lopez' });
    fireEvent.click(screen.getByRole('button', { name: 'Details of Maria Lopez' }));
    const dialog = screen.getByRole('dialog', { name: 'Change order details — Maria Lopez' });
    expect(
      within(dialog).getByText('Deal ID', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('40000123');
  });

  it("Edit and Resend keeps the answered record under the family's key and opens its screen", async () => {
    const contract = { _id: 'co-1', token: '', docLink: 'http://api.test/d/co/edit', deal_id: '7' };
    const { calls } = renderList({
      'GET /api/co/get-contracts': () => listPage([co({ _id: 'co-1', status: 'cancelled' })]),
      'POST /api/co/update-edit-resend': () => ({ contract }),
    });
    await screen.findByRole('heading', { name: 'Maria Lopez' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend' })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit and Resend' }));
    expect(await screen.findByRole('heading', { name: 'Change Order' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('coDraft') ?? 'null')).toEqual(contract);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ id: 'co-1' });
  });

  it('stays on the dashboard and says so when the record cannot be kept', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    try {
      renderList({
        'GET /api/co/get-contracts': () => listPage([co({ status: 'cancelled' })]),
        'POST /api/co/update-edit-resend': () => ({ contract: { _id: 'x' } }),
      });
      await screen.findByRole('heading', { name: 'Maria Lopez' });
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Resend' })).toBeInTheDocument(),
      );
      fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Edit and Resend' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to complete the process.');
      expect(screen.queryByRole('heading', { name: 'Change Order' })).not.toBeInTheDocument();
    } finally {
      setItem.mockRestore();
    }
  });
});
