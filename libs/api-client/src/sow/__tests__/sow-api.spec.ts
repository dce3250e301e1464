import { fakeApiClient } from '../../testing/fake-api-client';
import { sowApi } from '../sow-api';

describe('sowApi', () => {
  it('calls the spec 3 §7 paths with their payloads', async () => {
    const client = fakeApiClient({
      'GET /api/sow/get-form-fields/Tenant%20Improvement': () => ({ roles: [] }),
      'GET /api/sow/services-deliverables/name/Residential': () => ({ _id: 't1' }),
      'PUT /api/sow/services-deliverables/t1': () => ({ message: 'ok' }),
      'GET /api/sow/get-projects-by-address': () => ({ projects: [] }),
      'GET /api/sow/search-cps': () => ({ cps: [] }),
      'POST /api/sow/get-project': () => ({ project: { id: '9' } }),
      'POST /api/sow/send-contract-cc': () => ({ success: true }),
    });
    await sowApi.formFields(client, 'Tenant Improvement');
    await sowApi.servicesByName(client, 'Residential');
    await sowApi.updateServices(client, 't1', { services: { designer_cp: 'Plans.' } });
    await sowApi.projectsByAddress(client, '88 Orchard');
    await sowApi.searchPartners(client, 'mei');
    await sowApi.project(client, { recordId: 'https://app.hubspot.com/x/record/2-1/9' });
    await sowApi.sendContractCopy(client, { docLink: 'http://api.test/d/1/edit' });
    expect(
      client.calls.map(({ method, path, body, query }) => ({ method, path, body, query })),
    ).toEqual([
      expect.objectContaining({ path: '/api/sow/get-form-fields/Tenant%20Improvement' }),
      expect.objectContaining({ path: '/api/sow/services-deliverables/name/Residential' }),
      expect.objectContaining({
        method: 'PUT',
        body: { services: { designer_cp: 'Plans.' } },
      }),
      expect.objectContaining({ query: { address: '88 Orchard' } }),
      expect.objectContaining({ query: { search: 'mei' } }),
      expect.objectContaining({
        method: 'POST',
        body: { recordId: 'https://app.hubspot.com/x/record/2-1/9' },
      }),
      expect.objectContaining({ body: { docLink: 'http://api.test/d/1/edit' } }),
    ]);
  });
});
