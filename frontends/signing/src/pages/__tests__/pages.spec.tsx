import { ApiProvider } from '@prosign/api-client';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fakeClient, TEST_CONFIG } from '../../test-support/fake-signing-api';
import { pages } from '../index';

describe('signing pages exposed to the shell', () => {
  it.each([
    ['SowSignature', '/sow-signature', '/api/sow/verify-link/X-1'],
    ['CoSignature', '/co-signature', '/api/co/verify-link/X-1'],
  ] as const)('exposes the %s page, which checks the link first', (name, route, verifyPath) => {
    const { client, calls } = fakeClient({
      [`GET ${verifyPath}`]: () => new Promise(() => undefined),
    });
    const Page = pages[name];
    render(
      <ApiProvider config={TEST_CONFIG} client={client} queryClient={new QueryClient()}>
        <MemoryRouter initialEntries={[`${route}/X-1`]}>
          <Routes>
            <Route path={`${route}/:customId`} element={<Page />} />
          </Routes>
        </MemoryRouter>
      </ApiProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual([verifyPath]);
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
