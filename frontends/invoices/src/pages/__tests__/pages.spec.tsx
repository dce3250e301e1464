import { ApiProvider } from '@prosign/api-client';
import { fakeApiClient } from '@prosign/api-client/testing';
import { ToastProvider } from '@prosign/ui';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { pages } from '../index';

jest.mock('socket.io-client', () => ({
  io: () => ({ on: jest.fn(), removeAllListeners: jest.fn(), disconnect: jest.fn() }),
}));

describe('invoices pages', () => {
  it.each([['Invoices', 'Invoices']] as const)(
    '%s names its screen in an h1 and says what it does',
    async (name, title) => {
      const Page = pages[name];
      const client = fakeApiClient({
        'GET /api/user/details': () => ({
          filteredClients: [],
          totalPages: 0,
          total: 0,
          page: 1,
          limit: 10,
        }),
      });
      render(
        <ApiProvider
          config={{
            apiUrl: 'http://api.test',
            remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
          }}
          client={client}
          queryClient={new QueryClient()}
        >
          <ToastProvider>
            <Page />
          </ToastProvider>
        </ApiProvider>,
      );
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(
        screen.getByText(/\w+/, { selector: '.ps-page-header__description' }),
      ).toBeInTheDocument();
      expect(await screen.findByText('No signed contracts found.')).toBeInTheDocument();
    },
  );
});
