import { ApiError } from '../../client/ApiError';
import { fakeApiClient } from '../../testing/fake-api-client';
import { createEmailCodeApi, emailCodeDefaultsApi } from '../email-code-api';

const PASS = { 'X-Captcha-Pass': 'pass-1' };
const STATUS = {
  required: true,
  maskedEmail: 'j•••@example.com',
  pending: true,
  expiresAt: '2026-01-01T00:10:00.000Z',
  resendAvailableAt: null,
};

describe('the e-mail code calls', () => {
  it('asks the status with the token in the query and the pass', async () => {
    const client = fakeApiClient({ 'GET /api/signing/email-code': () => STATUS });
    expect(await createEmailCodeApi(client, PASS).status('tok-1')).toEqual(STATUS);
    expect(client.calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/signing/email-code',
        query: { token: 'tok-1' },
        headers: PASS,
      }),
    ]);
  });

  it('sends a code and verifies one with the token in the body', async () => {
    const client = fakeApiClient({
      'POST /api/signing/email-code/send': () => STATUS,
      'POST /api/signing/email-code/verify': () => ({
        proof: 'proof-1',
        expiresAt: '2026-01-01T02:00:00.000Z',
      }),
    });
    const api = createEmailCodeApi(client, PASS);
    await api.send('tok-1');
    expect(await api.verify('tok-1', '123456')).toEqual({
      proof: 'proof-1',
      expiresAt: '2026-01-01T02:00:00.000Z',
    });
    expect(client.calls).toEqual([
      expect.objectContaining({ body: { token: 'tok-1' }, headers: PASS }),
      expect.objectContaining({
        path: '/api/signing/email-code/verify',
        body: { token: 'tok-1', code: '123456' },
        headers: PASS,
      }),
    ]);
  });

  it('passes a refusal on as the API error, once (no retry)', async () => {
    const client = fakeApiClient({
      'POST /api/signing/email-code/send': () => {
        throw new ApiError(429, 'Please wait 12 minutes before asking again.', 'Too Many Requests');
      },
    });
    await expect(createEmailCodeApi(client, PASS).send('tok-1')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Please wait 12 minutes before asking again.',
    });
    expect(client.calls).toHaveLength(1);
  });

  it('reads and sets the family defaults', async () => {
    const defaults = { standard: true, sow: false, co: false };
    const client = fakeApiClient({
      'GET /api/email-code/defaults': () => ({ defaults }),
      'PUT /api/email-code/defaults': () => ({ defaults }),
    });
    expect(await emailCodeDefaultsApi.get(client)).toEqual({ defaults });
    await emailCodeDefaultsApi.set(client, { family: 'standard', required: true });
    expect(client.calls[1]).toMatchObject({
      method: 'PUT',
      body: { family: 'standard', required: true },
    });
  });
});
