import {
  registerFamily,
  SOW_FAMILY_DEFINITION,
  unregisterFamily,
  type AgreementCardCore,
} from '@prosign/domain';
import { fakeApiClient } from '../../testing/fake-api-client';
import { AGREEMENT_ENDPOINTS, agreementEndpoints } from '../agreement-families';

/** A family no product file names: registered here, from its definition alone. */
beforeAll(() =>
  registerFamily({
    ...SOW_FAMILY_DEFINITION,
    id: 'lease',
    label: 'Lease',
    apiPrefix: 'lease',
    dashboard: { ...SOW_FAMILY_DEFINITION.dashboard, path: '/lease-dashboard' },
    signing: { kind: 'link', segment: 'lease-signature', signatureFontSizePx: 30 },
  }),
);
afterAll(() => unregisterFamily('lease'));

const lease = {
  _id: 'agr-9',
  family: 'lease',
  summary: { recipientEmail: 'tenant@example.com' },
} as AgreementCardCore;

describe('the dashboard calls of a family registered at start', () => {
  it('are built from its prefixed routes, the built-in families keeping their own', async () => {
    const client = fakeApiClient({
      'GET /api/lease/get-contracts': () => ({
        filteredContracts: [lease],
        totalPages: 1,
        total: 1,
        page: 1,
        limit: 10,
      }),
      'POST /api/lease/cancel-contract': () => ({ message: 'cancelled' }),
    });
    const endpoints = agreementEndpoints('lease');
    expect(endpoints).not.toBeNull();
    const page = await endpoints!.list(client, {
      page: 1,
      limit: 10,
      search: '',
      filters: ['all'],
    });
    expect(page.rows).toEqual([lease]);
    await endpoints!.actions.cancel(client, lease);
    expect(client.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['GET', '/api/lease/get-contracts', undefined],
      ['POST', '/api/lease/cancel-contract', { id: 'agr-9' }],
    ]);
    expect(agreementEndpoints('lease')).toBe(endpoints);
    expect(agreementEndpoints('sow')).toBe(AGREEMENT_ENDPOINTS.sow);
    expect(Object.keys(AGREEMENT_ENDPOINTS)).toEqual(['standard', 'sow', 'co']);
  });

  it('are none for an id no family has', () => {
    expect(agreementEndpoints('nosuch')).toBeNull();
  });
});
