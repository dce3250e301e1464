import {
  CO_FAMILY_DEFINITION,
  registerFamily,
  unregisterFamily,
  type AgreementCardCore,
} from '@prosign/domain';
import { agreementCard, staffSession } from '@prosign/ui/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { DashboardPage } from '../../pages/DashboardPage';
import { fakeApi } from '../../test-support/fake-api';

jest.mock('socket.io-client', () => ({
  io: () => ({ on: jest.fn(), removeAllListeners: jest.fn(), disconnect: jest.fn() }),
}));

/** A family listed under the contract dashboard, as change orders are: registered here alone. */
beforeAll(() =>
  registerFamily({
    ...CO_FAMILY_DEFINITION,
    id: 'addendum',
    label: 'Addendum',
    noun: 'addendum',
    pluralNoun: 'addenda',
    apiPrefix: 'addendum',
    signing: { kind: 'link', segment: 'addendum-signature', signatureFontSizePx: 30 },
    creationPath: undefined,
  }),
);
afterAll(() => unregisterFamily('addendum'));

function CurrentUrl() {
  const location = useLocation();
  return <p data-testid="url">{`${location.pathname}${location.search}`}</p>;
}

it('lists a family whose definition puts it under the contract dashboard behind its own toggle', async () => {
  const addendum = agreementCard({
    family: 'addendum',
    status: 'not-signed',
    summary: { ...agreementCard().summary, recipientName: 'Ana Ruiz' },
  }) as AgreementCardCore;
  const { calls, wrapper } = fakeApi(
    {
      'GET /api/auth/session': () => staffSession(),
      'GET /api/user/details': () => ({
        filteredClients: [],
        totalPages: 1,
        total: 0,
        page: 1,
        limit: 25,
      }),
      'GET /api/addendum/get-contracts': () => ({
        filteredContracts: [addendum],
        totalPages: 1,
        total: 1,
        page: 1,
        limit: 25,
      }),
    },
    (children) => (
      <MemoryRouter initialEntries={['/dashboard']}>
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
        </Routes>
      </MemoryRouter>
    ),
  );
  render(<DashboardPage />, { wrapper });
  expect(screen.getByRole('checkbox', { name: 'Show CO' })).not.toBeChecked();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Show addenda' }));
  const list = await screen.findByRole('list', { name: 'Addenda' });
  expect(within(list).getByRole('listitem', { name: 'Ana Ruiz' })).toBeInTheDocument();
  expect(screen.getByTestId('url')).toHaveTextContent('/dashboard?addendum=1');
  expect(screen.getByRole('searchbox', { name: 'Search addenda' })).toBeInTheDocument();
  expect(calls.some((call) => call.path === '/api/addendum/get-contracts')).toBe(true);

  // Show CO instead: one family at a time, the address naming only it.
  fireEvent.click(screen.getByRole('checkbox', { name: 'Show CO' }));
  expect(screen.getByTestId('url')).toHaveTextContent(/^\/dashboard\?co=1$/);
  expect(screen.getByRole('checkbox', { name: 'Show addenda' })).not.toBeChecked();
});
