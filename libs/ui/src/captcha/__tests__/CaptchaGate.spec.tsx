import { ApiError, useApiClient } from '@prosign/api-client';
import { CAPTCHA_PASS_STORAGE_KEY, CAPTCHA_PROMPT } from '@prosign/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { fakeApiClient, renderWithApi, type FakeRoute } from '../../test-support/fake-api';
import { CaptchaGate } from '../CaptchaGate';
import { useCaptchaPass } from '../captcha-pass';
import type { RecaptchaApi } from '../recaptcha';
import { forgetTickBeforeStart, readTickBeforeStart } from '../tick-before-start';

const inTwoHours = () => new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
/** The signing link the page shows. */
const LINK = 'link-token-1';

/** The signing page behind the gate: loads the agreement with the pass attached. */
function Agreement() {
  const client = useApiClient();
  const { headers, invalidate } = useCaptchaPass();
  const [loaded, setLoaded] = useState('');
  return (
    <>
      <h1>The agreement</h1>
      <button
        type="button"
        onClick={() =>
          void client.get<string>('/api/signer/agreement', { headers }).then(setLoaded)
        }
      >
        Load
      </button>
      <button type="button" onClick={invalidate}>
        Pass refused
      </button>
      <p>{loaded}</p>
    </>
  );
}

function localCaptchaApi(verify: FakeRoute = () => ({ pass: 'pass-1', expiresAt: inTwoHours() })) {
  let challenges = 0;
  return fakeApiClient({
    'GET /api/captcha/config': () => ({ adapter: 'local', challenge: `challenge-${++challenges}` }),
    'POST /api/captcha/verify': verify,
    'GET /api/signer/agreement': () => 'agreement text',
  });
}

function fakeRecaptcha() {
  const rendered: Array<Parameters<RecaptchaApi['render']>[1]> = [];
  const api: RecaptchaApi = {
    render: (_container, parameters) => rendered.push(parameters),
    reset: () => undefined,
  };
  return { load: jest.fn(() => Promise.resolve(api)), rendered };
}

beforeEach(() => {
  sessionStorage.clear();
  forgetTickBeforeStart();
});

/** A challenge the test hands out when it says so. */
function slowChallengeApi() {
  let release: () => void = () => undefined;
  const client = fakeApiClient({
    'GET /api/captcha/config': () =>
      new Promise((resolve) => {
        release = () => resolve({ adapter: 'local', challenge: 'late-challenge' });
      }),
    'POST /api/captcha/verify': () => ({ pass: 'pass-1', expiresAt: inTwoHours() }),
  });
  return { client, release: () => act(async () => release()) };
}

describe('CaptchaGate', () => {
  it('asks a visitor to tick the checkbox, then shows the page and remembers the pass', async () => {
    const client = localCaptchaApi();
    renderWithApi(
      <CaptchaGate linkToken={LINK}>
        <Agreement />
      </CaptchaGate>,
      client,
    );
    expect(screen.getByText(CAPTCHA_PROMPT)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The agreement' })).not.toBeInTheDocument();

    const checkbox = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    expect(checkbox).toHaveAccessibleDescription(CAPTCHA_PROMPT);
    await userEvent.click(checkbox);

    expect(await screen.findByRole('heading', { name: 'The agreement' })).toBeInTheDocument();
    expect(client.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/captcha/verify',
      body: { response: 'challenge-1', linkToken: LINK },
    });
    expect(JSON.parse(sessionStorage.getItem(CAPTCHA_PASS_STORAGE_KEY) ?? '{}')).toMatchObject({
      pass: 'pass-1',
      linkToken: LINK,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByText('agreement text')).toBeInTheDocument();
    expect(client.calls.at(-1)).toMatchObject({
      path: '/api/signer/agreement',
      headers: { 'X-Captcha-Pass': 'pass-1' },
    });
  });

  it('lets a reload in the same session through while the stored pass is valid', () => {
    sessionStorage.setItem(
      CAPTCHA_PASS_STORAGE_KEY,
      JSON.stringify({ pass: 'kept', expiresAt: inTwoHours(), linkToken: LINK }),
    );
    const client = localCaptchaApi();
    renderWithApi(
      <CaptchaGate linkToken={LINK}>
        <Agreement />
      </CaptchaGate>,
      client,
    );
    expect(screen.getByRole('heading', { name: 'The agreement' })).toBeInTheDocument();
    expect(client.calls).toEqual([]);
  });

  it('asks again once the stored pass has expired', async () => {
    sessionStorage.setItem(
      CAPTCHA_PASS_STORAGE_KEY,
      JSON.stringify({
        pass: 'old',
        expiresAt: new Date(Date.now() - 1000).toISOString(),
        linkToken: LINK,
      }),
    );
    renderWithApi(
      <CaptchaGate linkToken={LINK}>
        <Agreement />
      </CaptchaGate>,
      localCaptchaApi(),
    );
    expect(await screen.findByRole('checkbox', { name: "I'm not a robot" })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The agreement' })).not.toBeInTheDocument();
  });

  it('explains a refused check and tries again with a fresh challenge', async () => {
    let refuse = true;
    const client = localCaptchaApi(() => {
      if (refuse) {
        throw new ApiError(403, 'Captcha verification failed. Please try again.', 'Forbidden');
      }
      return { pass: 'pass-2', expiresAt: inTwoHours() };
    });
    renderWithApi(
      <CaptchaGate linkToken={LINK}>
        <Agreement />
      </CaptchaGate>,
      client,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The robot check did not go through');
    expect(alert).toHaveTextContent('Captcha verification failed. Please try again.');
    expect(sessionStorage.getItem(CAPTCHA_PASS_STORAGE_KEY)).toBeNull();

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    expect(await screen.findByRole('heading', { name: 'The agreement' })).toBeInTheDocument();
    expect(client.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { response: 'challenge-1', linkToken: LINK },
      { response: 'challenge-2', linkToken: LINK },
    ]);
  });

  it('says so when the check cannot be loaded, and retries', async () => {
    let down = true;
    const client = fakeApiClient({
      'GET /api/captcha/config': () => {
        if (down) throw ApiError.network(new Error('offline'));
        return { adapter: 'local', challenge: 'c' };
      },
    });
    renderWithApi(<CaptchaGate linkToken={LINK}>secret</CaptchaGate>, client);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The robot check could not be loaded');
    expect(alert).toHaveTextContent('Could not reach the server');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: "I'm not a robot" })).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('renders reCAPTCHA with the site key and trades its response for a pass', async () => {
    const recaptcha = fakeRecaptcha();
    const client = fakeApiClient({
      'GET /api/captcha/config': () => ({ adapter: 'recaptcha', siteKey: 'site-key' }),
      'POST /api/captcha/verify': () => ({ pass: 'google-pass', expiresAt: inTwoHours() }),
    });
    renderWithApi(
      <CaptchaGate linkToken={LINK} loadRecaptcha={recaptcha.load}>
        <Agreement />
      </CaptchaGate>,
      client,
      { captcha: { adapter: 'recaptcha', siteKey: 'site-key' } },
    );
    await waitFor(() => expect(recaptcha.rendered).toHaveLength(1));
    expect(recaptcha.rendered[0].sitekey).toBe('site-key');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    await act(async () => recaptcha.rendered[0].callback('g-recaptcha-response'));
    expect(await screen.findByRole('heading', { name: 'The agreement' })).toBeInTheDocument();
    expect(client.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/captcha/verify',
      body: { response: 'g-recaptcha-response', linkToken: LINK },
    });
  });

  it('reports a reCAPTCHA that cannot load', async () => {
    const client = fakeApiClient({
      'GET /api/captcha/config': () => ({ adapter: 'recaptcha', siteKey: 'site-key' }),
    });
    renderWithApi(
      <CaptchaGate
        linkToken={LINK}
        loadRecaptcha={() =>
          Promise.reject(new Error('reCAPTCHA could not be loaded; check your connection'))
        }
      >
        secret
      </CaptchaGate>,
      client,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'reCAPTCHA could not be loaded; check your connection',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the check again when the page reports its pass was refused', async () => {
    sessionStorage.setItem(
      CAPTCHA_PASS_STORAGE_KEY,
      JSON.stringify({ pass: 'revoked', expiresAt: inTwoHours(), linkToken: LINK }),
    );
    renderWithApi(
      <CaptchaGate linkToken={LINK}>
        <Agreement />
      </CaptchaGate>,
      localCaptchaApi(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pass refused' }));
    expect(await screen.findByRole('checkbox', { name: "I'm not a robot" })).toBeInTheDocument();
    expect(sessionStorage.getItem(CAPTCHA_PASS_STORAGE_KEY)).toBeNull();
  });

  it('does not use a pass kept for another link: that link asks again', async () => {
    sessionStorage.setItem(
      CAPTCHA_PASS_STORAGE_KEY,
      JSON.stringify({ pass: 'for-another', expiresAt: inTwoHours(), linkToken: 'other-link' }),
    );
    const client = localCaptchaApi();
    renderWithApi(
      <CaptchaGate linkToken={LINK}>
        <Agreement />
      </CaptchaGate>,
      client,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
    expect(await screen.findByRole('heading', { name: 'The agreement' })).toBeInTheDocument();
    expect(client.calls.find((c) => c.method === 'POST')?.body).toEqual({
      response: 'challenge-1',
      linkToken: LINK,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByText('agreement text')).toBeInTheDocument();
    expect(client.calls.at(-1)).toMatchObject({ headers: { 'X-Captcha-Pass': 'pass-1' } });
  });

  it('asks again when the page moves to another link', async () => {
    sessionStorage.setItem(
      CAPTCHA_PASS_STORAGE_KEY,
      JSON.stringify({ pass: 'kept', expiresAt: inTwoHours(), linkToken: LINK }),
    );
    function TwoLinks() {
      const [link, setLink] = useState(LINK);
      return (
        <>
          <button type="button" onClick={() => setLink('link-token-2')}>
            Next link
          </button>
          <CaptchaGate linkToken={link}>
            <Agreement />
          </CaptchaGate>
        </>
      );
    }
    renderWithApi(<TwoLinks />, localCaptchaApi());
    expect(screen.getByRole('heading', { name: 'The agreement' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next link' }));
    expect(await screen.findByRole('checkbox', { name: "I'm not a robot" })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The agreement' })).not.toBeInTheDocument();
  });
});

describe('a tick that comes before the challenge', () => {
  it('shows the checkbox while the challenge loads; a tick then waits and is answered when it comes', async () => {
    const api = slowChallengeApi();
    renderWithApi(
      <CaptchaGate linkToken={LINK}>
        <Agreement />
      </CaptchaGate>,
      api.client,
    );
    const checkbox = screen.getByRole('checkbox', { name: "I'm not a robot" });
    await userEvent.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Checking…');
    expect(api.client.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await api.release();
    expect(await screen.findByRole('heading', { name: 'The agreement' })).toBeInTheDocument();
    expect(api.client.calls.find((c) => c.method === 'POST')?.body).toEqual({
      response: 'late-challenge',
      linkToken: LINK,
    });
  });

  it("takes the tick the page's own checkbox got before the app ran, once", async () => {
    const pageCheckbox = document.createElement('input');
    pageCheckbox.type = 'checkbox';
    pageCheckbox.checked = true;
    readTickBeforeStart(() => pageCheckbox.checked);
    const client = localCaptchaApi();
    renderWithApi(
      <CaptchaGate linkToken={LINK}>
        <Agreement />
      </CaptchaGate>,
      client,
    );
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toBeChecked();
    expect(await screen.findByRole('heading', { name: 'The agreement' })).toBeInTheDocument();
    expect(client.calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    // The pass refused later: the check asks again rather than reusing that tick.
    await userEvent.click(screen.getByRole('button', { name: 'Pass refused' }));
    const checkbox = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await waitFor(() => expect(checkbox).toBeEnabled());
    expect(checkbox).not.toBeChecked();
    expect(client.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('holds a tick while told to, asking for nothing, then answers it', async () => {
    function Held() {
      const [hold, setHold] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setHold(false)}>
            Link checked
          </button>
          <CaptchaGate linkToken={LINK} holdAnswer={hold}>
            <Agreement />
          </CaptchaGate>
        </>
      );
    }
    const client = localCaptchaApi();
    renderWithApi(<Held />, client);
    const checkbox = screen.getByRole('checkbox', { name: "I'm not a robot" });
    await userEvent.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Checking…');
    // Held, nothing was asked: not even the challenge.
    expect(client.calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Link checked' }));
    expect(await screen.findByRole('heading', { name: 'The agreement' })).toBeInTheDocument();
    expect(client.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("asks for Google's check when the page's checkbox was ticked on a reCAPTCHA deployment", async () => {
    readTickBeforeStart(() => true);
    const recaptcha = fakeRecaptcha();
    const client = fakeApiClient({
      'GET /api/captcha/config': () => ({ adapter: 'recaptcha', siteKey: 'site-key' }),
    });
    renderWithApi(
      <CaptchaGate linkToken={LINK} loadRecaptcha={recaptcha.load}>
        secret
      </CaptchaGate>,
      client,
      { captcha: { adapter: 'recaptcha', siteKey: 'site-key' } },
    );
    await waitFor(() => expect(recaptcha.rendered).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent(
      "One more step: please confirm with Google's check above.",
    );
    expect(client.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
