import { SEALED_COPY_POLL_MS, SEALED_COPY_WAIT_MS } from '@prosign/api-client';
import { SIGNER_MESSAGES, type SignerMetrics, type VerifyTokenResponse } from '@prosign/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CustomerSigningPage } from '../../pages/CustomerSigningPage';
import { fakeClient, renderRoute } from '../../test-support/fake-signing-api';
import { CAPTCHA_ROUTES, customerLink, passCaptcha } from '../../test-support/signer-fixtures';

jest.mock('../navigation', () => ({ leaveTo: jest.fn() }));
jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () =>
    Promise.resolve({ emit: () => undefined, disconnect: () => undefined }),
}));

const DOC = 'https://docs.test/d/doc-1/edit';
const PATH = `/tok-1?docLink=${encodeURIComponent(DOC)}&prefix=email`;
const SEALED_PDF = 'http://api.test/final.pdf';
const SAVED: SignerMetrics = {
  isSignatureSaved: true,
  isSigned: false,
  signature: 'Jane Doe',
  initials: 'J.D.',
};
const SIGNED: SignerMetrics = { ...SAVED, isSigned: true };
/** The finish answers once the signature is recorded: the worker seals the PDF after. */
const FINISHED = {
  status: 'signed',
  signedAt: '2026-03-05T17:00:00.000Z',
  signedDocLink: '',
  auditTrailDocLink: '',
  verifyId: 'v-1',
};
/** The link once everyone signed, before (null) or after the seal. */
const signedLink = (signedDocLink: string | null, overrides: Partial<VerifyTokenResponse> = {}) =>
  customerLink({
    linkState: 'signed',
    status: 'signed',
    metrics: SIGNED,
    signedDocLink,
    verifyId: signedDocLink ? 'v-1' : null,
    ...overrides,
  });

/** A customer link whose verifyToken answers `link.current` (a test moves it on). */
function signingApi(first: VerifyTokenResponse, finished: object = FINISHED) {
  const link = { current: first };
  const api = fakeClient({
    ...CAPTCHA_ROUTES,
    'POST /api/verifyToken': () => link.current,
    'POST /api/template/upload-initials': () => ({ message: 'ok', metrics: SAVED }),
    'POST /api/signing/finish': () => {
      link.current = signedLink(null);
      return finished;
    },
  });
  return { ...api, link };
}

type Api = ReturnType<typeof signingApi>;

const verifyCalls = (api: Api) =>
  api.calls.filter((call) => call.path === '/api/verifyToken').length;
const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const preparing = () => screen.queryByText(SIGNER_MESSAGES.signedCopyPreparing);
const downloadLink = () =>
  screen.queryByRole('link', { name: 'Download the signed copy (PDF)', hidden: true });

async function openPage(api: Api) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderRoute(<CustomerSigningPage />, { path: PATH, pattern: '/:token', client: api.client });
  await passCaptcha(user);
  return user;
}

async function finish(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Agree and Finish' }));
  await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }));
  await user.click(screen.getByRole('button', { name: 'Save Initials' }));
  expect(
    await screen.findByText(
      'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
    ),
  ).toBeInTheDocument();
}

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});

beforeEach(() => {
  sessionStorage.clear();
  jest.useFakeTimers();
});

afterEach(() => jest.useRealTimers());

describe('CustomerSigningPage: the signed copy while it is sealed', () => {
  it('says it is being prepared after the finish, then links to it once sealed and stops asking', async () => {
    const api = signingApi(customerLink({ metrics: SAVED }));
    const user = await openPage(api);
    await finish(user);

    // Behind the completion notice, where the download link goes.
    const status = await screen.findByText(SIGNER_MESSAGES.signedCopyPreparing);
    expect(status.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(downloadLink()).not.toBeInTheDocument();
    // The completion notice keeps the spec's words.
    expect(screen.getByRole('dialog', { name: 'Agreement completed' })).toBeInTheDocument();

    const before = verifyCalls(api);
    await wait(SEALED_COPY_POLL_MS);
    expect(verifyCalls(api)).toBe(before + 1);
    expect(downloadLink()).not.toBeInTheDocument();
    api.link.current = signedLink(SEALED_PDF);
    await wait(SEALED_COPY_POLL_MS);
    expect(
      await screen.findByRole('link', { name: 'Download the signed copy (PDF)', hidden: true }),
    ).toHaveAttribute('href', SEALED_PDF);
    expect(preparing()).not.toBeInTheDocument();
    // The notice still reads as the spec says (the view asked again is not the page's).
    expect(screen.getByRole('dialog', { name: 'Agreement completed' })).toHaveTextContent(
      'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
    );

    const asked = verifyCalls(api);
    await wait(5 * SEALED_COPY_POLL_MS);
    expect(verifyCalls(api)).toBe(asked);
  });

  it('on a signed link opened again: the status in the panel, then the copy and its seal check', async () => {
    const api = signingApi(signedLink(null));
    await openPage(api);
    const panel = await screen.findByRole('region', { name: 'What to do next' });
    expect(within(panel).getByRole('status')).toHaveTextContent(
      SIGNER_MESSAGES.signedCopyPreparing,
    );
    expect(within(panel).queryByRole('link', { name: /Download the signed copy/ })).toBeNull();
    expect(within(panel).queryByRole('link', { name: "Check the signed copy's seal" })).toBeNull();

    api.link.current = signedLink(SEALED_PDF);
    await wait(SEALED_COPY_POLL_MS);
    expect(
      await within(panel).findByRole('link', { name: 'Download the signed copy (PDF)' }),
    ).toHaveAttribute('href', SEALED_PDF);
    expect(
      within(panel).getByRole('link', { name: "Check the signed copy's seal" }),
    ).toHaveAttribute('href', '/verify/v-1');
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
  });

  it('after five minutes without it, says the e-mail brings it and stops asking', async () => {
    const api = signingApi(signedLink(null));
    await openPage(api);
    const panel = await screen.findByRole('region', { name: 'What to do next' });
    const status = within(panel).getByRole('status');
    expect(status).toHaveTextContent(SIGNER_MESSAGES.signedCopyPreparing);
    await wait(SEALED_COPY_WAIT_MS);
    // The same live region says it, so the change is announced.
    expect(status).toHaveTextContent(SIGNER_MESSAGES.signedCopyMailed);
    expect(preparing()).not.toBeInTheDocument();
    const asked = verifyCalls(api);
    await wait(5 * SEALED_COPY_POLL_MS);
    expect(verifyCalls(api)).toBe(asked);
  });

  it('a signer who is not the last waits for nobody: no status, nothing asked again', async () => {
    const api = signingApi(
      customerLink({ metrics: SAVED, progress: '0 of 2 signed — waiting for Jane Doe' }),
      { ...FINISHED, verifyId: '', progress: '1 of 2 signed — waiting for Luis Alvarez' },
    );
    const user = await openPage(api);
    await user.click(await screen.findByRole('button', { name: 'Agree and Finish' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Initials' }));
    expect(await screen.findByRole('dialog', { name: 'Your signature is in' })).toBeInTheDocument();

    await wait(5 * SEALED_COPY_POLL_MS);
    expect(verifyCalls(api)).toBe(1);
    expect(preparing()).not.toBeInTheDocument();
    expect(downloadLink()).not.toBeInTheDocument();
  });

  it('a signed link of a signer whose part is in, while others sign, asks nothing again', async () => {
    const api = signingApi(
      signedLink(null, {
        status: 'signature_saved',
        progress: '1 of 2 signed — waiting for Luis Alvarez',
      }),
    );
    await openPage(api);
    expect(await screen.findByRole('region', { name: 'What to do next' })).toBeInTheDocument();
    await wait(5 * SEALED_COPY_POLL_MS);
    expect(verifyCalls(api)).toBe(1);
    expect(preparing()).not.toBeInTheDocument();
  });
});
