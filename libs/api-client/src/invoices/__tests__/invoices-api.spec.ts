import { ApiError } from '../../client/ApiError';
import { fakeApiClient } from '../../testing/fake-api-client';
import { invoicesApi } from '../invoices-api';

describe('invoicesApi (spec 3 §7 "Invoices")', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => Object.assign(globalThis, { fetch: realFetch }));

  it('lists signed contracts 10 a page and names each call as the spec does', async () => {
    const client = fakeApiClient({
      'GET /api/user/details': () => ({ filteredClients: [], totalPages: 0 }),
      'PUT /api/invoice/update-status': () => ({ success: true }),
      'POST /api/template/send-progress-invoice': () => ({ success: true }),
    });
    await invoicesApi.list(client, 3);
    await invoicesApi.updateStatus(client, { userId: 'a', type: 'deposit', status: 'paid' });
    await invoicesApi.send(client, 'progress', { token: 't', isReminder: true });
    expect(client.calls.map((c) => [c.method, c.path, c.query ?? c.body])).toEqual([
      ['GET', '/api/user/details', { page: 3, limit: 10, filters: 'signed' }],
      ['PUT', '/api/invoice/update-status', { userId: 'a', type: 'deposit', status: 'paid' }],
      ['POST', '/api/template/send-progress-invoice', { token: 't', isReminder: true }],
    ]);
  });

  it('downloads the PDF with the session cookie, and turns a refusal into an ApiError', async () => {
    const pdf = { size: 3 };
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce({ ok: true, status: 200, blob: () => Promise.resolve(pdf) })
      .mockResolvedValueOnce({
        ok: false,
        status: 404,
        statusText: 'Not Found',
        json: () =>
          Promise.resolve({ statusCode: 404, message: 'Contract not found.', error: 'Not Found' }),
      });
    Object.assign(globalThis, { fetch: fetchMock });
    const client = fakeApiClient({}, 'http://api.test/');
    await expect(invoicesApi.downloadPdf(client, 'balance', 'a/b')).resolves.toBe(pdf);
    expect(fetchMock).toHaveBeenCalledWith(
      'http://api.test/api/template/download-balance-pdf/a%2Fb',
      expect.objectContaining({ credentials: 'include' }),
    );
    const refused = invoicesApi.downloadPdf(client, 'balance', 'gone');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 404,
      message: 'Contract not found.',
    });
  });
});
