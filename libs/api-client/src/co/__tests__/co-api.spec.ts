import { fakeApiClient } from '../../testing/fake-api-client';
import { coApi } from '../co-api';

describe('coApi', () => {
  it('calls the spec 3 §7 /api/co paths with their payloads', async () => {
    const client = fakeApiClient({
      'GET /api/co/get-templates': () => ({ templates: [] }),
      'GET /api/co/get-template/t%201': () => ({ _id: 't 1' }),
      'GET /api/co/get-form-fields/t1': () => ({ formFields: [] }),
      'PUT /api/co/update/t1': () => ({ message: 'ok' }),
      'GET /api/co/get-deals-by-address': () => ({ deals: [] }),
      'GET /api/co/get-deal/40000106': () => ({ deal: { id: '40000106' } }),
      'GET /api/co/search-contacts': () => ({ contacts: [], count: 0 }),
      'GET /api/co/search-projects': () => ({ projects: [] }),
      'GET /api/co/get-next-project-association-label/60000001': () => ({ date: null }),
      'POST /api/co/update-hs': () => ({ success: true }),
      'POST /api/co/duplicate-deal': () => ({ dealId: '2' }),
      'POST /api/co/create-contract': () => ({ docLink: 'http://api.test/d/1/edit' }),
      'POST /api/co/send-contract': () => ({ signaturePageLink: 'x' }),
      'POST /api/co/send-contract-cc': () => ({ success: true }),
    });
    await coApi.templates(client);
    await coApi.template(client, 't 1');
    await coApi.formFields(client, 't1');
    await coApi.updateTemplate(client, 't1', { templateFields: { template_start: 'Hi $x' } });
    await coApi.dealsByAddress(client, '12 Elm');
    await coApi.deal(client, '40000106');
    await coApi.searchContacts(client, 'ana@client.example');
    await coApi.searchProjects(client, '60000001');
    await coApi.projectLabel(client, '60000001');
    await coApi.updateCrm(client, {
      dealId: '40000106',
      projectId: '60000001',
      label: 'Change Order 4',
    });
    await coApi.duplicateDeal(client, { dealId: '40000106', amount: 400 });
    await coApi.sendContractCopy(client, { docLink: 'http://api.test/d/1/edit' });
    expect(
      client.calls.map(({ method, path, body, query }) => ({ method, path, body, query })),
    ).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/co/get-templates' }),
      expect.objectContaining({ path: '/api/co/get-template/t%201' }),
      expect.objectContaining({ path: '/api/co/get-form-fields/t1' }),
      expect.objectContaining({
        method: 'PUT',
        body: { templateFields: { template_start: 'Hi $x' } },
      }),
      expect.objectContaining({ query: { address: '12 Elm' } }),
      expect.objectContaining({ path: '/api/co/get-deal/40000106' }),
      expect.objectContaining({ query: { search: 'ana@client.example' } }),
      expect.objectContaining({ query: { search: '60000001' } }),
      expect.objectContaining({
        path: '/api/co/get-next-project-association-label/60000001',
      }),
      expect.objectContaining({
        method: 'POST',
        body: { dealId: '40000106', projectId: '60000001', label: 'Change Order 4' },
      }),
      expect.objectContaining({ body: { dealId: '40000106', amount: 400 } }),
      expect.objectContaining({ body: { docLink: 'http://api.test/d/1/edit' } }),
    ]);
  });
});
