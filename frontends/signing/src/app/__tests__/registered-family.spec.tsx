import { ApiProvider } from '@prosign/api-client';
import { registerFamily, SOW_FAMILY_DEFINITION, unregisterFamily } from '@prosign/domain';
import { PublicLayout, ToastProvider } from '@prosign/ui';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { LinkSummary } from '../../link-signing/LinkSummary';
import { linkSigningPages } from '../../prerender/captcha-step';
import { fakeClient, TEST_CONFIG } from '../../test-support/fake-signing-api';
import { linkSigningLink } from '../SigningApp';
import { SigningRoutes } from '../SigningRoutes';

jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () => new Promise(() => undefined),
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
    dashboard: { ...SOW_FAMILY_DEFINITION.dashboard, path: '/lease-dashboard' },
    signing: { kind: 'link', segment: 'lease-signature', signatureFontSizePx: 30 },
    creationPath: undefined,
  }),
);
afterAll(() => unregisterFamily('lease'));

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('a link-signed family registered at start', () => {
  it('has its signing page at /{segment}/:customId, which checks the link under its api prefix', async () => {
    const api = fakeClient({
      'GET /api/lease/verify-link/abc': () => ({ valid: true, linkState: 'open' }),
      'GET /api/captcha/config': () => ({ adapter: 'local', challenge: 'challenge-1' }),
      'POST /api/captcha/verify': () => ({ pass: 'pass-1', expiresAt: inAnHour() }),
      // Never answered: the page stays on opening the document.
      'POST /api/lease/increase-viewed-times/abc': () => new Promise(() => undefined),
    });
    render(
      <ApiProvider config={TEST_CONFIG} client={api.client} queryClient={new QueryClient()}>
        <ToastProvider>
          <MemoryRouter initialEntries={['/lease-signature/abc']}>
            <PublicLayout subtitle="Secure signing">
              <SigningRoutes />
            </PublicLayout>
          </MemoryRouter>
        </ToastProvider>
      </ApiProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    expect(await screen.findByText('Opening the lease agreement…')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain(
        'POST /api/lease/increase-viewed-times/abc',
      ),
    );
    expect(api.calls[0]?.path).toBe('/api/lease/verify-link/abc');
  });

  it('is told from its path before the router loads, and by the page’s head script', () => {
    expect(linkSigningLink({ pathname: '/lease-signature/abc' })).toEqual({
      family: 'lease',
      customId: 'abc',
    });
    expect(linkSigningPages()).toEqual({
      'sow-signature': 'sow',
      'co-signature': 'co',
      'document-signature': 'document',
      'lease-signature': 'lease',
    });
  });

  it('shows above the document the facts its server sends, under its name', () => {
    const view = {
      valid: true,
      linkState: 'open',
      customId: 'abc',
      client: { full_name: 'Priya Natarajan' },
      summary: [
        { label: 'Equipment', value: 'Two shoring jacks' },
        { label: 'Monthly rent', value: '$420.00' },
      ],
    } as unknown as Parameters<typeof LinkSummary>[0]['view'];
    render(<LinkSummary family="lease" view={view} />);
    const summary = screen.getByRole('region', { name: 'Lease details' });
    expect(summary).toHaveTextContent('EquipmentTwo shoring jacks');
    expect(summary).toHaveTextContent('Monthly rent$420.00');
  });
});
