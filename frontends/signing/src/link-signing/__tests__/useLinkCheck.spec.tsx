import { ApiError } from '@prosign/api-client';
import { CAPTCHA_PROMPT, SIGNING_STATE_HEADINGS } from '@prosign/domain';
import { screen } from '@testing-library/react';
import { SowSignaturePage } from '../../pages/SowSignaturePage';
import { fakeClient, renderRoute, type FakeRoute } from '../../test-support/fake-signing-api';
import { checkLinkBeforeRender } from '../useLinkCheck';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

function sowApi(customId: string, verifyLink: FakeRoute) {
  return fakeClient({
    [`GET /api/sow/verify-link/${customId}`]: verifyLink,
    'GET /api/captcha/config': () => ({ adapter: 'local', challenge: 'challenge-1' }),
    'POST /api/captcha/verify': () => ({ pass: 'pass-1', expiresAt: inAnHour() }),
  });
}

function renderSow(customId: string, client: ReturnType<typeof sowApi>['client']) {
  return renderRoute(<SowSignaturePage />, {
    path: `/sow-signature/${customId}`,
    pattern: '/sow-signature/:customId',
    client,
  });
}

const checksOf = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.includes('/verify-link/')).length;

beforeEach(() => sessionStorage.clear());

describe('the SOW and CO link check', () => {
  it('checked before the first render (the standalone page), goes straight to the captcha', async () => {
    const api = sowApi('SOW-early', () => ({ valid: true, linkState: 'open' }));
    await checkLinkBeforeRender(api.client, 'sow', 'SOW-early', 1_000);
    renderSow('SOW-early', api.client);
    expect(screen.queryByText('Verifying your link…')).not.toBeInTheDocument();
    expect(await screen.findByText(CAPTCHA_PROMPT)).toBeInTheDocument();
    expect(checksOf(api.calls)).toBe(1);
  });

  it('checked before the first render, an expired link says so without a captcha', async () => {
    const api = sowApi('SOW-gone', () => ({ valid: true, linkState: 'expired' }));
    await checkLinkBeforeRender(api.client, 'sow', 'SOW-gone', 1_000);
    renderSow('SOW-gone', api.client);
    expect(
      screen.getByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.expired }),
    ).toBeInTheDocument();
    expect(screen.queryByText(CAPTCHA_PROMPT)).not.toBeInTheDocument();
    expect(checksOf(api.calls)).toBe(1);
  });

  it('still unanswered at the first render, the page takes that check rather than asking again', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const api = sowApi(
      'SOW-slow',
      () => new Promise((resolve) => (answer = () => resolve({ valid: true, linkState: 'open' }))),
    );
    await checkLinkBeforeRender(api.client, 'sow', 'SOW-slow', 10);
    renderSow('SOW-slow', api.client);
    expect(screen.getByText('Verifying your link…')).toBeInTheDocument();
    answer(undefined);
    expect(await screen.findByText(CAPTCHA_PROMPT)).toBeInTheDocument();
    expect(checksOf(api.calls)).toBe(1);
  });

  it('asks again after a server error rather than showing it', async () => {
    let asked = 0;
    const api = sowApi('SOW-flaky', () => {
      asked += 1;
      if (asked === 1) throw new ApiError(503, 'Service Unavailable', 'Service Unavailable');
      return { valid: true, linkState: 'open' };
    });
    renderSow('SOW-flaky', api.client);
    expect(await screen.findByText(CAPTCHA_PROMPT, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByText('Your link could not be verified')).not.toBeInTheDocument();
    expect(checksOf(api.calls)).toBe(2);
  });
});
