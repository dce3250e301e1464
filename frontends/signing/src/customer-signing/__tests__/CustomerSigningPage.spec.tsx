import { ApiError } from '@prosign/api-client';
import {
  CAPTCHA_PASS_HEADER,
  SIGNING_PAGE_TITLES,
  SIGNER_MESSAGES,
  SIGNING_STATE_HEADINGS,
  type SignerMetrics,
} from '@prosign/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CustomerSigningPage } from '../../pages/CustomerSigningPage';
import { fakeClient, renderRoute, type FakeRoute } from '../../test-support/fake-signing-api';
import {
  CAPTCHA_ROUTES,
  customerLink,
  passCaptcha,
  UNSAVED_METRICS,
} from '../../test-support/signer-fixtures';
import { leaveTo } from '../navigation';

jest.mock('../navigation', () => ({ leaveTo: jest.fn() }));

const emitted: string[] = [];
jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () =>
    Promise.resolve({
      emit: (event: string) => emitted.push(event),
      disconnect: () => emitted.push('disconnect'),
    }),
}));

const DOC = 'https://docs.test/d/doc-1/edit';
const PATH = `/tok-1?docLink=${encodeURIComponent(DOC)}&prefix=email`;

const UNSAVED = UNSAVED_METRICS;
const SAVED: SignerMetrics = {
  isSignatureSaved: true,
  isSigned: false,
  signature: 'Jane Doe',
  initials: 'J.D.',
};

const link = customerLink;

function signingApi(routes: Record<string, FakeRoute> = {}) {
  return fakeClient({
    ...CAPTCHA_ROUTES,
    'POST /api/verifyToken': () => link(),
    ...routes,
  });
}

function renderPage(path: string, client = signingApi().client) {
  return renderRoute(<CustomerSigningPage />, { path, pattern: '/:token', client });
}

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});

beforeEach(() => {
  sessionStorage.clear();
  emitted.length = 0;
  jest.mocked(leaveTo).mockClear();
});

describe('CustomerSigningPage: the link', () => {
  it('says a link without docLink is invalid, before anything is asked of the server', () => {
    const api = signingApi();
    renderPage('/tok-1', api.client);
    expect(
      screen.getByRole('heading', { level: 1, name: SIGNING_PAGE_TITLES.missingLink }),
    ).toBeInTheDocument();
    expect(document.title).toBe(SIGNING_PAGE_TITLES.missingLink);
    expect(screen.getByText(/use its button or link as it is/)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('says a docLink without /d/{id}/ is an invalid document link', () => {
    renderPage('/tok-1?docLink=https%3A%2F%2Fdocs.test%2Fnothing');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Invalid document link.' }),
    ).toBeInTheDocument();
  });

  it('asks for the captcha first, then verifies the token with the pass and shows the branded title', async () => {
    const user = userEvent.setup();
    const api = signingApi();
    renderPage(PATH, api.client);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/verifyToken')).toBe(false);

    await passCaptcha(user);
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Structural Engineering Agreement — Bayline Engineering',
    });
    expect(heading).toBeInTheDocument();
    expect(document.title).toBe('Structural Engineering Agreement — Bayline Engineering');
    // The pass is asked for the link this page shows.
    const captcha = api.calls.find((call) => call.path === '/api/captcha/verify');
    expect(captcha?.body).toEqual({ response: 'challenge-1', linkToken: 'tok-1' });
    const verify = api.calls.find((call) => call.path === '/api/verifyToken');
    expect(verify?.body).toEqual({ token: 'tok-1', prefix: 'email' });
    expect(verify?.headers).toEqual({ [CAPTCHA_PASS_HEADER]: 'pass-1' });
    expect(
      screen.getByText(
        'Before proceeding, we encourage you to take a moment to review the entire agreement.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /The agreement/ })).toBeInTheDocument();
    // Presence: opening the page reports the signer active.
    await waitFor(() => expect(emitted).toContain('user-active'));
  });

  it.each([
    ['cancelled', SIGNING_STATE_HEADINGS.cancelled],
    ['voided', SIGNING_STATE_HEADINGS.voided],
    ['expired', SIGNING_STATE_HEADINGS.expired],
    ['signed', SIGNING_STATE_HEADINGS.signed],
    ['replaced', SIGNING_STATE_HEADINGS.replaced],
  ] as const)('a %s link says so and offers no signing', async (linkState, title) => {
    const user = userEvent.setup();
    renderPage(PATH, signingApi({ 'POST /api/verifyToken': () => link({ linkState }) }).client);
    await passCaptcha(user);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign & Add Initials' })).not.toBeInTheDocument();
    expect(emitted).toEqual([]);
  });

  it('a closed link names the document, the date and the sender to ask', async () => {
    const user = userEvent.setup();
    renderPage(
      PATH,
      signingApi({
        'POST /api/verifyToken': () =>
          link({ linkState: 'cancelled', closedAt: '2026-03-04T17:05:00.000Z' }),
      }).client,
    );
    await passCaptcha(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Agreement cancelled' }),
    ).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'What to do next' });
    expect(panel).toHaveTextContent(SIGNING_PAGE_TITLES.cancelled);
    expect(panel).toHaveTextContent('Structural Engineering Agreement');
    expect(panel).toHaveTextContent('2026-03-04 09:05 PST');
    expect(within(panel).getByRole('link', { name: 'csm@prosign.example' })).toHaveAttribute(
      'href',
      'mailto:csm@prosign.example',
    );
  });

  it('an unknown token is an invalid link', async () => {
    const user = userEvent.setup();
    const api = signingApi({
      'POST /api/verifyToken': () => {
        throw new ApiError(404, 'Invalid or expired link. Please request a new one.', 'Not Found');
      },
    });
    renderPage(PATH, api.client);
    await passCaptcha(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.invalidToken }),
    ).toBeInTheDocument();
  });

  it('a later signer’s link before their turn says so, and what happens next', async () => {
    const user = userEvent.setup();
    const api = signingApi({
      'POST /api/verifyToken': () => {
        throw new ApiError(409, SIGNER_MESSAGES.notYourTurn, 'Conflict');
      },
    });
    renderPage(PATH, api.client);
    await passCaptcha(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.notYourTurn }),
    ).toBeInTheDocument();
    expect(screen.getByText(SIGNER_MESSAGES.notYourTurn)).toBeInTheDocument();
    expect(screen.getByText(/this same link will open it for you to sign/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a refused captcha pass shows the robot check again', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = signingApi({
      'POST /api/verifyToken': () => {
        if (refuse) {
          refuse = false;
          throw new ApiError(403, 'Please confirm you are not a robot.', 'Forbidden');
        }
        return link();
      },
    });
    renderPage(PATH, api.client);
    await passCaptcha(user);
    await passCaptcha(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Structural Engineering Agreement/ }),
    ).toBeInTheDocument();
  });
});

describe('CustomerSigningPage: signing', () => {
  it('signs (typed), initials with consent, finishes and leaves for the reviews page', async () => {
    const user = userEvent.setup();
    const api = signingApi({
      'POST /api/template/upload-signature': () => ({
        message: 'Signature uploaded successfully!',
        metrics: SAVED,
      }),
      'POST /api/template/upload-initials': () => ({
        message: 'Initails uploaded successfully!',
        metrics: SAVED,
      }),
      'POST /api/signing/finish': () => ({
        status: 'signed',
        signedAt: new Date().toISOString(),
        signedDocLink: 'http://api.test/final.pdf',
        auditTrailDocLink: 'http://api.test/audit.pdf',
        verifyId: 'v-1',
      }),
    });
    renderPage(PATH, api.client);
    await passCaptcha(user);

    // Only "Sign & Add Initials" while the signature is unsaved.
    const signAndInitial = await screen.findByRole('button', { name: 'Sign & Add Initials' });
    expect(screen.getByRole('button', { name: 'Agree and Finish' })).toBeDisabled();
    await user.click(signAndInitial);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Review and Update Your Signature')).toHaveValue(
      'Jane Doe',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Signature uploaded successfully!')).toBeInTheDocument();
    const upload = api.calls.find((call) => call.path === '/api/template/upload-signature');
    expect(upload?.body).toEqual({
      token: 'tok-1',
      textSignature: 'Jane Doe',
      clientname: 'Jane Doe',
      initials: 'J.D.',
    });
    expect(upload?.headers).toEqual({ [CAPTCHA_PASS_HEADER]: 'pass-1' });
    // The page behind a modal is hidden from assistive technology until the modal has gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Sign & Add Initials' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agree and Finish' }));
    const initials = await screen.findByRole('dialog');
    await user.click(within(initials).getByRole('button', { name: 'Save Initials' }));
    expect(
      within(initials).getByText('Please accept the terms and conditions before proceeding.'),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/template/upload-initials')).toBe(false);

    await user.click(
      within(initials).getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await user.click(within(initials).getByRole('button', { name: 'Save Initials' }));

    expect(
      await screen.findByText(
        'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/template/upload-initials')?.body).toEqual({
      token: 'tok-1',
      clientname: 'Jane Doe',
      initials: 'J.D.',
      agreedToTerms: true,
    });
    expect(api.calls.find((call) => call.path === '/api/signing/finish')?.body).toEqual({
      token: 'tok-1',
    });
    // Behind the completion dialog (hidden from assistive technology while it is open).
    expect(screen.getByRole('button', { name: 'Agree and Finish', hidden: true })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(leaveTo).toHaveBeenCalledWith('https://reviews.test/firm');
  });

  it('shows the processing overlay while finishing and the spec error when finishing fails', async () => {
    const user = userEvent.setup();
    let fail!: (error: Error) => void;
    renderPage(
      PATH,
      signingApi({
        'POST /api/verifyToken': () => link({ metrics: SAVED }),
        'POST /api/template/upload-initials': () => ({ message: 'ok', metrics: SAVED }),
        'POST /api/signing/finish': () =>
          new Promise((_resolve, reject) => {
            fail = reject;
          }),
      }).client,
    );
    await passCaptcha(user);
    await user.click(await screen.findByRole('button', { name: 'Agree and Finish' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Initials' }));
    expect(
      await screen.findByText('Please wait while we process your agreement'),
    ).toBeInTheDocument();

    // A failure the next try would not get past (a gateway failure is tried again first).
    fail(new ApiError(500, 'Something went wrong. Please try again.', 'Internal Server Error'));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(
      screen.queryByText('Please wait while we process your agreement'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agree and Finish' })).toBeEnabled();
  });

  it('tries the finish again after a gateway failure (a replica restarting) and completes', async () => {
    const user = userEvent.setup();
    let finishCalls = 0;
    const api = signingApi({
      'POST /api/verifyToken': () => link({ metrics: SAVED }),
      'POST /api/template/upload-initials': () => ({ message: 'ok', metrics: SAVED }),
      'POST /api/signing/finish': () => {
        finishCalls += 1;
        if (finishCalls === 1) throw new ApiError(502, 'Bad Gateway', 'Bad Gateway');
        return {
          status: 'signed',
          signedAt: new Date().toISOString(),
          signedDocLink: 'http://api.test/final.pdf',
          auditTrailDocLink: 'http://api.test/audit.pdf',
          verifyId: 'v-1',
        };
      },
    });
    renderPage(PATH, api.client);
    await passCaptcha(user);
    await user.click(await screen.findByRole('button', { name: 'Agree and Finish' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Initials' }));

    // The second try (after 1 s) goes through: the signer never sees the 502.
    expect(
      await screen.findByText(
        'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
        undefined,
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(finishCalls).toBe(2);
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
  });

  it('edits a saved signature through the Edit modal', async () => {
    const user = userEvent.setup();
    const api = signingApi({
      'POST /api/verifyToken': () => link({ metrics: SAVED }),
      'POST /api/template/edit-signature': () => ({ message: 'Successfully updated!' }),
    });
    renderPage(PATH, api.client);
    await passCaptcha(user);
    await user.click(await screen.findByRole('button', { name: 'Edit signature' }));
    expect(
      screen.getByText('Please click "Edit" to edit the signature and initials.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const signature = await screen.findByLabelText('Review and Update Your Signature');
    await user.clear(signature);
    await user.type(signature, 'Jane M. Doe');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated!')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/template/edit-signature')?.body).toEqual({
      token: 'tok-1',
      signatures: 'Jane M. Doe',
      initials: 'J.D.',
    });
  });

  it('shows the saved signature, date and initials on the document, and clears them (spec 1 §4.1, item 6)', async () => {
    const user = userEvent.setup();
    const slot = { page: 1, left: 0.1, width: 0.3, height: 0.05 };
    const api = signingApi({
      'POST /api/verifyToken': () =>
        link({
          status: 'signature_saved',
          metrics: SAVED,
          bookmarks: {
            signature: { page: 1, yRatio: 0.8 },
            initials: { page: 1, yRatio: 0.9 },
            slots: [
              { ...slot, kind: 'signature', top: 0.8 },
              { ...slot, kind: 'signedDate', top: 0.86 },
              { ...slot, kind: 'initials', top: 0.92 },
            ],
          },
        }),
      'POST /api/template/clear-signature': () => ({
        message: 'Your signature and initials were cleared.',
        metrics: UNSAVED,
      }),
    });
    renderPage(PATH, api.client);
    await passCaptcha(user);
    const marks = await screen.findByTestId('saved-marks-page-1');
    expect(within(marks).getByText('Jane Doe').closest('[data-mark]')).toHaveAttribute(
      'data-mark',
      'signature',
    );
    expect(within(marks).getByText('J.D.').closest('[data-mark]')).toHaveAttribute(
      'data-mark',
      'initials',
    );
    expect(marks.querySelector('[data-mark="date"]')?.textContent).toMatch(/\d{4}$/);

    await user.click(screen.getByRole('button', { name: 'Clear signature' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clear your signature?' });
    await user.click(within(confirm).getByRole('button', { name: 'Clear signature' }));

    expect(
      await screen.findByText('Your signature and initials were cleared.'),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/template/clear-signature')?.body).toEqual({
      token: 'tok-1',
    });
    expect(screen.getByRole('button', { name: 'Sign & Add Initials' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agree and Finish' })).toBeDisabled();
    expect(screen.queryByTestId('saved-marks-page-1')).not.toBeInTheDocument();
  });

  it('opens the Electronic Signature Consent and Disclosure', async () => {
    const user = userEvent.setup();
    renderPage(PATH);
    await passCaptcha(user);
    await user.click(
      await screen.findByRole('button', { name: 'Electronic Signature Consent and Disclosure' }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Electronic Signature Consent and Disclosure' }),
    ).toHaveTextContent(/paper/i);
  });
});
