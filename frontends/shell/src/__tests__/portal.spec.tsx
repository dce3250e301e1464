import { STAFF_SESSION_TTL_MS } from '@prosign/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, staffSession } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

const DENIED = 'Access to the tool denied. Contact your administrator.';

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
});

function signedOutApi(identity: 'local' | 'google' = 'local') {
  const api = createFakeApi({
    session: null,
    options: { identity, companyEmailDomain: 'firm.example' },
  });
  api.on('POST', '/api/auth/check-user', (call) => ({
    status: 200,
    body: { listed: (call.body as { email: string }).email === 'jane@firm.example' },
  }));
  api.on('POST', '/api/auth/local', (call) => {
    const { email } = call.body as { email: string };
    const session = staffSession({ email, roles: ['csm'], isAdmin: false });
    api.setSession(session);
    return { status: 200, body: session };
  });
  return api;
}

async function typeAndContinue(name: string) {
  const user = userEvent.setup();
  const input = await screen.findByLabelText('User name');
  await user.clear(input);
  if (name) await user.type(input, name);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('/portal (spec 1 §2.3)', () => {
  it('appends and shows the company domain, checks the name, then offers Sign in', async () => {
    const api = signedOutApi();
    await renderShell('/portal', { api });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User name'), 'Jane');
    expect(screen.getByText('@firm.example')).toBeInTheDocument();
    expect(screen.getByText('jane@firm.example')).toBeInTheDocument();
    // No sign-in button before the check.
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.callsTo('POST', '/api/auth/check-user')[0]?.body).toEqual({
      email: 'jane@firm.example',
    });
    const signIn = await screen.findByRole('button', { name: 'Sign in' });
    expect(signIn).toHaveFocus();
  });

  it('keeps the form and the typed name when the session check answers late', async () => {
    const api = signedOutApi();
    let answerSession!: () => void;
    const sessionChecked = new Promise<void>((resolve) => {
      answerSession = resolve;
    });
    api.on('GET', '/api/auth/session', async () => {
      await sessionChecked;
      return { status: 401, body: { statusCode: 401, message: 'Sign in to continue.' } };
    });
    await renderShell('/portal', { api });
    const user = userEvent.setup();
    const input = await screen.findByLabelText('User name');
    await user.type(input, 'jane');
    answerSession();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // The form was never swapped for a loading state: same field, options asked once.
    expect(screen.getByLabelText('User name')).toBe(input);
    expect(api.callsTo('GET', '/api/auth/options')).toHaveLength(1);
    expect(screen.queryByText(/session has expired/i)).not.toBeInTheDocument();
  });

  it('signs in and goes to the last visited page', async () => {
    localStorage.setItem('lastVisitedPage', '/terms');
    const api = signedOutApi();
    await renderShell('/portal', { api });
    const user = await typeAndContinue('jane');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/terms'));
    expect(api.callsTo('POST', '/api/auth/local')[0]?.body).toEqual({ email: 'jane@firm.example' });
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    expect(Number(localStorage.getItem('expirationTime'))).toBeGreaterThan(
      Date.now() + STAFF_SESSION_TTL_MS - 60_000,
    );
  });

  it('goes to / after sign-in when no page was visited before', async () => {
    await renderShell('/portal', { api: signedOutApi() });
    const user = await typeAndContinue('jane');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('denies an unlisted name with the spec message under the field and offers no sign-in', async () => {
    await renderShell('/portal', { api: signedOutApi() });
    await typeAndContinue('stranger');
    const field = screen.getByRole('textbox', { name: /User name/ });
    await waitFor(() => expect(field).toHaveAccessibleDescription(new RegExp(DENIED)));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(DENIED)).toHaveClass('ps-field__error');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('says "Email is required." for an empty name without asking the server', async () => {
    const api = signedOutApi();
    await renderShell('/portal', { api });
    await typeAndContinue('');
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('User name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/auth/check-user')).toHaveLength(0);
  });

  it('says "Checking…" on a disabled button while the name is checked', async () => {
    const api = signedOutApi();
    let answer: () => void = () => undefined;
    api.on(
      'POST',
      '/api/auth/check-user',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 200, body: { listed: true } });
        }),
    );
    await renderShell('/portal', { api });
    await typeAndContinue('jane');
    expect(await screen.findByRole('button', { name: 'Checking…' })).toBeDisabled();
    answer();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toHaveFocus();
  });

  it('explains a name in another domain under the field, described and focused', async () => {
    const api = signedOutApi();
    await renderShell('/portal', { api });
    await typeAndContinue('jane@other.example');
    const input = screen.getByLabelText('User name');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(
      'You will sign in as jane@other.example@firm.example Only @firm.example addresses can be used. Type just the user name.',
    );
    expect(input).toHaveFocus();
    expect(api.callsTo('POST', '/api/auth/check-user')).toHaveLength(0);
  });

  it('reports a failed user check', async () => {
    const api = signedOutApi();
    api.on('POST', '/api/auth/check-user', () => ({ status: 500, body: {} }));
    await renderShell('/portal', { api });
    await typeAndContinue('jane');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch users. Please try again.',
    );
  });

  it('reports a failed sign-in', async () => {
    const api = signedOutApi();
    api.on('POST', '/api/auth/local', () => ({ status: 503, body: {} }));
    await renderShell('/portal', { api });
    const user = await typeAndContinue('jane');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong, please try again.',
    );
  });

  it('asks for a new check when the name changes after a successful one', async () => {
    await renderShell('/portal', { api: signedOutApi() });
    const user = await typeAndContinue('jane');
    await screen.findByRole('button', { name: 'Sign in' });
    await user.type(screen.getByLabelText('User name'), 'x');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('offers Google sign-in when the server runs the Google adapter', async () => {
    await renderShell('/portal', { api: signedOutApi('google') });
    await typeAndContinue('jane');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it.each([
    ['denied', DENIED],
    ['failed', 'Google Sign In failed. Please try again.'],
  ])('explains a Google sign-in that came back %s', async (reason, message) => {
    await renderShell(`/portal?signin=${reason}`, { api: signedOutApi('google') });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('sends someone already signed in to /', async () => {
    await renderShell('/portal');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
