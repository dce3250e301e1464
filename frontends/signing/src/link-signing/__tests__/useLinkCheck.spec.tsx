import { ApiError } from '@prosign/api-client';
import { CAPTCHA_PROMPT, SIGNING_STATE_HEADINGS } from '@prosign/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LinkSignatureRoutePage as SowSignaturePage } from '../../pages/LinkSignatureRoutePage';
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

  it('still unanswered at the first render, the captcha shows, a tick waits for that same check', async () => {
    let answer: (linkState: string) => void = () => undefined;
    const api = sowApi(
      'SOW-slow',
      () => new Promise((resolve) => (answer = (linkState) => resolve({ valid: true, linkState }))),
    );
    await checkLinkBeforeRender(api.client, 'sow', 'SOW-slow', 10);
    renderSow('SOW-slow', api.client);
    expect(screen.getByText(CAPTCHA_PROMPT)).toBeInTheDocument();
    const checkbox = screen.getByRole('checkbox', { name: "I'm not a robot" });
    await userEvent.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(api.calls.filter((call) => call.path.startsWith('/api/captcha/'))).toEqual([]);

    await act(async () => answer('open'));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/captcha/verify')).toBeDefined(),
    );
    expect(checksOf(api.calls)).toBe(1);
  });

  it('a tick given while the link is checked is not answered when the link turns out expired', async () => {
    let answer: (linkState: string) => void = () => undefined;
    const api = sowApi(
      'SOW-late-expired',
      () => new Promise((resolve) => (answer = (linkState) => resolve({ valid: true, linkState }))),
    );
    renderSow('SOW-late-expired', api.client);
    await userEvent.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    await act(async () => answer('expired'));
    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.expired }),
    ).toBeInTheDocument();
    expect(screen.queryByText(CAPTCHA_PROMPT)).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/captcha/'))).toEqual([]);
  });

  it('asks again after a server error rather than showing it', async () => {
    let asked = 0;
    const api = sowApi('SOW-flaky', () => {
      asked += 1;
      if (asked === 1) throw new ApiError(503, 'Service Unavailable', 'Service Unavailable');
      return { valid: true, linkState: 'open' };
    });
    renderSow('SOW-flaky', api.client);
    await waitFor(() => expect(checksOf(api.calls)).toBe(2), { timeout: 5_000 });
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/captcha/config')).toBeDefined(),
    );
    expect(screen.getByText(CAPTCHA_PROMPT)).toBeInTheDocument();
    expect(screen.queryByText('Your link could not be verified')).not.toBeInTheDocument();
  });
});
