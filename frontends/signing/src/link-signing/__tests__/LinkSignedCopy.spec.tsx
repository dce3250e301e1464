import { SEALED_COPY_POLL_MS, SEALED_COPY_WAIT_MS } from '@prosign/api-client';
import {
  CAPTCHA_PROMPT,
  SIGNER_MESSAGES,
  type SignerMetrics,
  type SowSigningView,
} from '@prosign/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LinkSignatureRoutePage as SowSignaturePage } from '../../pages/LinkSignatureRoutePage';
import { fakeClient, renderRoute } from '../../test-support/fake-signing-api';
import { sowLink } from '../../test-support/signer-fixtures';

jest.mock('../../customer-signing/navigation', () => ({ leaveTo: jest.fn() }));
jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () =>
    Promise.resolve({ emit: () => undefined, disconnect: () => undefined }),
}));

const ID = 'SOW-abc123';
const SEALED_PDF = 'http://api.test/final.pdf';
const SAVED: SignerMetrics = {
  isSignatureSaved: true,
  isSigned: false,
  signature: 'Mei Lin',
  initials: null,
};

function sowView(overrides: Partial<SowSigningView> = {}): SowSigningView {
  return sowLink({ status: 'signature_saved', metrics: SAVED, ...overrides });
}

/** Signed by everyone, before (null) or after the seal. */
const signedView = (signedDocLink: string | null, overrides: Partial<SowSigningView> = {}) =>
  sowView({
    linkState: 'signed',
    status: 'signed',
    metrics: { ...SAVED, isSigned: true },
    signedDocLink,
    verifyId: signedDocLink ? 'v-1' : null,
    ...overrides,
  });

/** The finish answers once the signature is recorded: the worker seals the PDF after. */
const FINISHED = {
  status: 'signed',
  signedAt: '2026-11-23T21:00:00.000Z',
  signedDocLink: '',
  auditTrailDocLink: '',
  verifyId: 'v-1',
};

/** A SOW link opened as `opened`; get-contract answers `contract.current` (a test moves it on). */
function sowApi(opened: SowSigningView, finished: object = FINISHED) {
  const contract = { current: signedView(null) };
  const api = fakeClient({
    [`GET /api/sow/verify-link/${ID}`]: () => ({ valid: true, linkState: 'open' }),
    'GET /api/captcha/config': () => ({ adapter: 'local', challenge: 'challenge-1' }),
    'POST /api/captcha/verify': () => ({
      pass: 'pass-1',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    [`POST /api/sow/increase-viewed-times/${ID}`]: () => opened,
    [`GET /api/sow/get-contract/${ID}`]: () => contract.current,
    [`POST /api/sow/finish/${ID}`]: () => finished,
  });
  return { ...api, contract };
}

type Api = ReturnType<typeof sowApi>;

const contractReads = (api: Api) =>
  api.calls.filter((call) => call.path === `/api/sow/get-contract/${ID}`).length;
const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const preparing = () => screen.queryByText(SIGNER_MESSAGES.signedCopyPreparing);

async function openPage(api: Api) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderRoute(<SowSignaturePage />, {
    path: `/sow-signature/${ID}`,
    pattern: '/sow-signature/:customId',
    client: api.client,
  });
  expect(await screen.findByText(CAPTCHA_PROMPT)).toBeInTheDocument();
  await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
  return user;
}

async function agreeAndFinish(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Agree and Finish' }));
  const dialog = await screen.findByRole('dialog', { name: 'Agree and Finish' });
  await user.click(
    within(dialog).getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Agree and Finish' }));
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

describe('SOW/CO link: the signed copy while it is sealed', () => {
  it('says it is being prepared after the finish, then links to it once sealed and stops asking', async () => {
    const api = sowApi(sowView());
    const user = await openPage(api);
    await agreeAndFinish(user);
    expect(
      await screen.findByText(
        'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
      ),
    ).toBeInTheDocument();

    const status = await screen.findByText(SIGNER_MESSAGES.signedCopyPreparing);
    expect(status.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(
      screen.queryByRole('link', { name: 'Download the signed copy (PDF)', hidden: true }),
    ).not.toBeInTheDocument();
    const before = contractReads(api);
    await wait(SEALED_COPY_POLL_MS);
    expect(contractReads(api)).toBe(before + 1);

    api.contract.current = signedView(SEALED_PDF);
    await wait(SEALED_COPY_POLL_MS);
    expect(
      await screen.findByRole('link', { name: 'Download the signed copy (PDF)', hidden: true }),
    ).toHaveAttribute('href', SEALED_PDF);
    expect(preparing()).not.toBeInTheDocument();
    const asked = contractReads(api);
    await wait(5 * SEALED_COPY_POLL_MS);
    expect(contractReads(api)).toBe(asked);
    // Only get-contract is asked again: the view is counted once.
    expect(
      api.calls.filter((call) => call.path.startsWith('/api/sow/increase-viewed-times')),
    ).toHaveLength(1);
  });

  it('on a signed link opened again: the status in the panel, then the copy and its seal check', async () => {
    const api = sowApi(signedView(null));
    await openPage(api);
    const panel = await screen.findByRole('region', { name: 'What to do next' });
    const status = within(panel).getByRole('status');
    expect(status).toHaveTextContent(SIGNER_MESSAGES.signedCopyPreparing);
    expect(within(panel).queryByRole('link', { name: /Download the signed copy/ })).toBeNull();

    api.contract.current = signedView(SEALED_PDF);
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
    const api = sowApi(signedView(null));
    await openPage(api);
    const panel = await screen.findByRole('region', { name: 'What to do next' });
    const status = within(panel).getByRole('status');
    await wait(SEALED_COPY_WAIT_MS);
    expect(status).toHaveTextContent(SIGNER_MESSAGES.signedCopyMailed);
    const asked = contractReads(api);
    await wait(5 * SEALED_COPY_POLL_MS);
    expect(contractReads(api)).toBe(asked);
  });

  it('a signer who is not the last waits for nobody: no status, nothing asked again', async () => {
    const api = sowApi(
      sowView({ progress: '1 of 3 signed — waiting for Mei Lin and Ana Ortega' }),
      {
        ...FINISHED,
        verifyId: '',
        progress: '2 of 3 signed — waiting for Ana Ortega',
      },
    );
    const user = await openPage(api);
    await agreeAndFinish(user);
    expect(await screen.findByRole('dialog', { name: 'Your signature is in' })).toBeInTheDocument();
    await wait(5 * SEALED_COPY_POLL_MS);
    expect(contractReads(api)).toBe(0);
    expect(preparing()).not.toBeInTheDocument();
  });
});
