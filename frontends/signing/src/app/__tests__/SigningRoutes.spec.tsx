import { ApiProvider } from '@prosign/api-client';
import { PublicLayout, ToastProvider } from '@prosign/ui';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fakeClient, TEST_CONFIG } from '../../test-support/fake-signing-api';
import { SigningRoutes } from '../SigningRoutes';

function renderAt(path: string) {
  // Nothing answers: each page shows its first state.
  const { client } = fakeClient({
    'GET /api/captcha/config': () => new Promise(() => undefined),
    'GET /api/verify/abc': () => new Promise(() => undefined),
    'GET /api/sow/verify-link/SOW-12': () => new Promise(() => undefined),
    'GET /api/co/verify-link/CO-7': () => new Promise(() => undefined),
  });
  render(
    <ApiProvider config={TEST_CONFIG} client={client} queryClient={new QueryClient()}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <PublicLayout subtitle="Secure signing">
            <SigningRoutes />
          </PublicLayout>
        </MemoryRouter>
      </ToastProvider>
    </ApiProvider>,
  );
}

describe('signing app on its own origin', () => {
  it.each([
    ['/demo-token?docLink=https://docs.example/d/abc/edit&prefix=std', 'Verifying...'],
    ['/verify/abc', 'Verify a signed document'],
    ['/sow-signature/SOW-12', 'Verifying...'],
    ['/co-signature/CO-7', 'Verifying...'],
  ])('%s shows its page without staff navigation', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('ProSign');
  });

  it('asks for the signing link on any other path', () => {
    renderAt('/a/b/c');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Open your signing link' }),
    ).toBeInTheDocument();
  });
});
