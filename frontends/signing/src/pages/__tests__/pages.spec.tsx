import { ApiProvider } from '@prosign/api-client';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fakeClient, TEST_CONFIG } from '../../test-support/fake-signing-api';
import { pages } from '../index';

describe('signing pages exposed to the shell', () => {
  it.each([['CoSignature', 'Change Order Signing']] as const)(
    '%s names its screen in an h1',
    (name, title) => {
      const Page = pages[name];
      render(<Page />);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    },
  );

  it('exposes the SOW signing page, which checks the link first', () => {
    const { client, calls } = fakeClient({
      'GET /api/sow/verify-link/SOW-1': () => new Promise(() => undefined),
    });
    render(
      <ApiProvider config={TEST_CONFIG} client={client} queryClient={new QueryClient()}>
        <MemoryRouter initialEntries={['/sow-signature/SOW-1']}>
          <Routes>
            <Route path="/sow-signature/:customId" element={<pages.SowSignature />} />
          </Routes>
        </MemoryRouter>
      </ApiProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/sow/verify-link/SOW-1']);
  });

  it('exposes the customer signing and verification pages', () => {
    const Page = pages.CustomerSigning;
    render(
      <MemoryRouter initialEntries={['/tok']}>
        <Page />
      </MemoryRouter>,
    );
    // Without a docLink the page says the link is incomplete, without asking the server.
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Invalid or expired link. Please request a new one.',
      }),
    ).toBeInTheDocument();
    expect(typeof pages.Verify).toBe('function');
  });
});
