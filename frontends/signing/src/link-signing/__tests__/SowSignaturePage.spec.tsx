import { ApiError } from '@prosign/api-client';
import {
  CAPTCHA_PASS_HEADER,
  CAPTCHA_PROMPT,
  SIGNER_MESSAGES,
  SIGNING_STATE_HEADINGS,
  type SignerMetrics,
  type SowSigningView,
} from '@prosign/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leaveTo } from '../../customer-signing/navigation';
import { LinkSignatureRoutePage as SowSignaturePage } from '../../pages/LinkSignatureRoutePage';
import { fakeClient, renderRoute, type FakeRoute } from '../../test-support/fake-signing-api';
import { sowLink } from '../../test-support/signer-fixtures';

jest.mock('../../customer-signing/navigation', () => ({ leaveTo: jest.fn() }));

const emitted: string[] = [];
jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () =>
    Promise.resolve({
      emit: (event: string) => emitted.push(event),
      disconnect: () => emitted.push('disconnect'),
    }),
}));

const ID = 'SOW-abc123';
const PATH = `/sow-signature/${ID}`;
const TITLE = 'Scope of Work Agreement — 88 Orchard Lane';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const UNSAVED: SignerMetrics = {
  isSignatureSaved: false,
  isSigned: false,
  signature: null,
  initials: null,
};
const SAVED: SignerMetrics = {
  isSignatureSaved: true,
  isSigned: false,
  signature: 'Mei Lin',
  initials: 'M.L.',
};

function sowView(overrides: Partial<SowSigningView> = {}): SowSigningView {
  return sowLink({ agreementTitle: TITLE, metrics: UNSAVED, ...overrides });
}

const FINISHED = {
  status: 'signed',
  signedAt: '2026-11-23T21:00:00.000Z',
  signedDocLink: 'http://api.test/final.pdf',
  auditTrailDocLink: 'http://api.test/audit.pdf',
  verifyId: 'v-1',
};

function sowApi(routes: Record<string, FakeRoute> = {}) {
  return fakeClient({
    [`GET /api/sow/verify-link/${ID}`]: () => ({ valid: true, linkState: 'open' }),
    'GET /api/captcha/config': () => ({ adapter: 'local', challenge: 'challenge-1' }),
    'POST /api/captcha/verify': () => ({ pass: 'pass-1', expiresAt: inAnHour() }),
    [`POST /api/sow/increase-viewed-times/${ID}`]: () => sowView(),
    [`POST /api/sow/upload-text-signature/${ID}`]: () => ({
      message: 'Signature uploaded successfully!',
      metrics: SAVED,
    }),
    [`POST /api/sow/finish/${ID}`]: () => FINISHED,
    ...routes,
  });
}

async function passCaptcha(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByText(CAPTCHA_PROMPT)).toBeInTheDocument();
  await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
}

function renderPage(client = sowApi().client) {
  return renderRoute(<SowSignaturePage />, {
    path: PATH,
    pattern: '/sow-signature/:customId',
    client,
  });
}

const pathsOf = (calls: { method: string; path: string }[]) =>
  calls.map((call) => `${call.method} ${call.path}`);

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});

beforeEach(() => {
  sessionStorage.clear();
  emitted.length = 0;
  jest.mocked(leaveTo).mockClear();
});

describe('SowSignaturePage: the link', () => {
  it('checks the link before the captcha, then opens the SOW once with the pass', async () => {
    const user = userEvent.setup();
    const api = sowApi();
    renderPage(api.client);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeInTheDocument();
    await passCaptcha(user);
    // The link was checked first, without a pass; nothing else was asked before the captcha.
    expect(pathsOf(api.calls).slice(0, 2)).toEqual([
      `GET /api/sow/verify-link/${ID}`,
      'GET /api/captcha/config',
    ]);
    expect(api.calls[0]?.headers ?? {}).not.toHaveProperty(CAPTCHA_PASS_HEADER);

    expect(
      await screen.findByRole('heading', { level: 1, name: `${TITLE} — Bayline Engineering` }),
    ).toBeInTheDocument();
    expect(document.title).toBe(`${TITLE} — Bayline Engineering`);
    const captcha = api.calls.find((call) => call.path === '/api/captcha/verify');
    expect(captcha?.body).toEqual({ response: 'challenge-1', linkToken: ID });
    const opened = api.calls.filter((call) => call.path.startsWith('/api/sow/increase-viewed'));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.headers).toEqual({ [CAPTCHA_PASS_HEADER]: 'pass-1' });
    // The SOW's facts above the document.
    const summary = screen.getByRole('region', { name: 'Scope of Work details' });
    expect(
      within(summary)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual([
      'Partner: Mei Lin',
      'Project: 88 Orchard Lane, San Jose, CA 95112',
      'Amount: $1,550.50',
      'Effective date: November 23, 2026',
    ]);
    // The same viewer as the customer page.
    expect(await screen.findByRole('region', { name: `The agreement: ${TITLE}` })).toBeVisible();
    await waitFor(() => expect(emitted).toContain('user-active'));
    // Re-renders count no further view.
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      api.calls.filter((call) => call.path.startsWith('/api/sow/increase-viewed')),
    ).toHaveLength(1);
  });

  it('says an unknown link is invalid, as the customer page does, without a captcha', async () => {
    const api = sowApi({
      [`GET /api/sow/verify-link/${ID}`]: () => {
        throw new ApiError(404, 'Invalid or expired link. Please request a new one.', 'Not Found');
      },
    });
    renderPage(api.client);
    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.invalidToken }),
    ).toBeInTheDocument();
    expect(screen.getByText(/We could not find an agreement for this link/)).toBeInTheDocument();
    expect(screen.queryByText(CAPTCHA_PROMPT)).not.toBeInTheDocument();
    expect(pathsOf(api.calls)).toEqual([`GET /api/sow/verify-link/${ID}`]);
  });

  it('a later signer’s link before their turn says so without a captcha', async () => {
    const api = sowApi({
      [`GET /api/sow/verify-link/${ID}`]: () => {
        throw new ApiError(409, SIGNER_MESSAGES.notYourTurn, 'Conflict');
      },
    });
    renderPage(api.client);
    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.notYourTurn }),
    ).toBeInTheDocument();
    expect(screen.getByText(/this same link will open it for you to sign/)).toBeInTheDocument();
    expect(screen.queryByText(CAPTCHA_PROMPT)).not.toBeInTheDocument();
  });

  it.each([
    ['cancelled', SIGNING_STATE_HEADINGS.cancelled],
    ['voided', SIGNING_STATE_HEADINGS.voided],
    ['expired', SIGNING_STATE_HEADINGS.expired],
    ['signed', SIGNING_STATE_HEADINGS.signed],
    ['replaced', SIGNING_STATE_HEADINGS.replaced],
  ] as const)(
    'a %s link shows the customer page title and offers no signing',
    async (linkState, title) => {
      const api = sowApi({
        [`GET /api/sow/verify-link/${ID}`]: () => ({ valid: true, linkState }),
      });
      renderPage(api.client);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(document.title).toBe(title);
      expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
      expect(screen.queryByText(CAPTCHA_PROMPT)).not.toBeInTheDocument();
      expect(pathsOf(api.calls)).toEqual([`GET /api/sow/verify-link/${ID}`]);
    },
  );

  it('a link closed while the captcha was answered shows its state and the signed copy', async () => {
    const user = userEvent.setup();
    renderPage(
      sowApi({
        [`POST /api/sow/increase-viewed-times/${ID}`]: () =>
          sowView({
            linkState: 'signed',
            status: 'signed',
            signedDocLink: 'http://api.test/final.pdf',
            verifyId: 'v-1',
          }),
      }).client,
    );
    await passCaptcha(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.signed }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the signed copy (PDF)' })).toHaveAttribute(
      'href',
      'http://api.test/final.pdf',
    );
    expect(screen.queryByRole('button', { name: 'Agree and Finish' })).not.toBeInTheDocument();
  });

  it('a refused captcha pass shows the robot check again', async () => {
    const user = userEvent.setup();
    let refuse = true;
    renderPage(
      sowApi({
        [`POST /api/sow/increase-viewed-times/${ID}`]: () => {
          if (refuse) {
            refuse = false;
            throw new ApiError(403, 'Please confirm you are not a robot.', 'Forbidden');
          }
          return sowView();
        },
      }).client,
    );
    await passCaptcha(user);
    await passCaptcha(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: `${TITLE} — Bayline Engineering` }),
    ).toBeInTheDocument();
  });
});

describe('SowSignaturePage: signing', () => {
  it('refuses a blank signature, saves the typed one, then agrees and finishes once and leaves for the reviews page', async () => {
    const user = userEvent.setup();
    const api = sowApi();
    renderPage(api.client);
    await passCaptcha(user);

    expect(await screen.findByRole('button', { name: 'Agree and Finish' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign the agreement' });
    // A signature only: no initials on the SOW page.
    expect(within(dialog).queryByLabelText('Review and Update Your Initials')).toBeNull();
    const field = within(dialog).getByLabelText('Review and Update Your Signature');
    expect(field).toHaveValue('Mei Lin');
    // Drawn at 35 px in the script font.
    const preview = within(dialog).getByRole('img', { name: 'Signature preview' });
    expect(preview).toHaveTextContent('Mei Lin');
    expect(preview).toHaveStyle({ fontSize: '35px' });
    expect(preview.style.fontFamily).toContain('Whisper');

    await user.clear(field);
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please add your signature');
    expect(api.calls.some((call) => call.path.includes('upload-text-signature'))).toBe(false);

    await user.clear(field);
    await user.type(field, 'Mei L. Lin');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Signature uploaded successfully!')).toBeInTheDocument();
    const upload = api.calls.find((call) => call.path.includes('upload-text-signature'));
    expect(upload?.path).toBe(`/api/sow/upload-text-signature/${ID}`);
    expect(upload?.body).toEqual({ textSignature: 'Mei L. Lin' });
    expect(upload?.headers).toEqual({ [CAPTCHA_PASS_HEADER]: 'pass-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Change signature' })).toBeInTheDocument();

    // Agree and Finish asks for the consent; the disclosure is one click away, as on the customer page.
    await user.click(screen.getByRole('button', { name: 'Agree and Finish' }));
    const finish = await screen.findByRole('dialog', { name: 'Agree and Finish' });
    await user.click(within(finish).getByRole('button', { name: 'Agree and Finish' }));
    expect(within(finish).getByRole('alert')).toHaveTextContent(
      'Please accept the terms and conditions before proceeding.',
    );
    expect(api.calls.some((call) => call.path.includes('/finish/'))).toBe(false);
    await user.click(
      within(finish).getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await user.dblClick(within(finish).getByRole('button', { name: 'Agree and Finish' }));

    expect(
      await screen.findByText(
        'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
      ),
    ).toBeInTheDocument();
    const finishes = api.calls.filter((call) => call.path === `/api/sow/finish/${ID}`);
    expect(finishes).toHaveLength(1);
    expect(finishes[0]?.body).toEqual({ agreedToTerms: true });
    expect(finishes[0]?.headers).toEqual({ [CAPTCHA_PASS_HEADER]: 'pass-1' });
    // Behind the completion notice the SOW is signed: nothing more to press.
    expect(screen.getByRole('button', { name: 'Agree and Finish', hidden: true })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Change signature', hidden: true })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(leaveTo).toHaveBeenCalledWith('https://reviews.test/firm');
  });

  it('a second signer sees their own name, where the signatures stand, and that the others are still asked', async () => {
    const user = userEvent.setup();
    const api = sowApi({
      [`POST /api/sow/increase-viewed-times/${ID}`]: () =>
        sowView({
          cp_name: 'Luis Alvarez',
          client: { full_name: 'Luis Alvarez', hsDealId: null },
          recipientId: 'signer-2',
          progress: '1 of 3 signed — waiting for Luis Alvarez and Ana Ortega',
        }),
      [`POST /api/sow/finish/${ID}`]: () => ({
        status: 'signed',
        signedAt: '2026-11-23T21:00:00.000Z',
        signedDocLink: '',
        auditTrailDocLink: '',
        verifyId: '',
        progress: '2 of 3 signed — waiting for Ana Ortega',
      }),
    });
    renderPage(api.client);
    await passCaptcha(user);
    expect(
      await screen.findByText('1 of 3 signed — waiting for Luis Alvarez and Ana Ortega'),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByText('Luis Alvarez')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign the agreement' });
    // The typed signature starts from his own name, not the first signer's.
    expect(within(dialog).getByLabelText('Review and Update Your Signature')).toHaveValue(
      'Luis Alvarez',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Agree and Finish' }));
    const finish = await screen.findByRole('dialog', { name: 'Agree and Finish' });
    await user.click(
      within(finish).getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await user.click(within(finish).getByRole('button', { name: 'Agree and Finish' }));
    const done = await screen.findByRole('dialog', { name: 'Your signature is in' });
    expect(within(done).getByText('2 of 3 signed — waiting for Ana Ortega')).toBeInTheDocument();
  });

  it('shows the server refusal of a signature', async () => {
    const user = userEvent.setup();
    renderPage(
      sowApi({
        [`POST /api/sow/upload-text-signature/${ID}`]: () => {
          throw new ApiError(400, 'Please add your signature', 'Bad Request');
        },
      }).client,
    );
    await passCaptcha(user);
    await user.click(await screen.findByRole('button', { name: 'Sign' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Please add your signature')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agree and Finish', hidden: true })).toBeDisabled();
  });

  it('shows the processing overlay while finishing and lets the partner retry when it fails', async () => {
    const user = userEvent.setup();
    let fail!: (error: Error) => void;
    const api = sowApi({
      [`POST /api/sow/increase-viewed-times/${ID}`]: () =>
        sowView({ status: 'signature_saved', metrics: SAVED }),
      [`POST /api/sow/finish/${ID}`]: () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    });
    renderPage(api.client);
    await passCaptcha(user);
    await user.click(await screen.findByRole('button', { name: 'Agree and Finish' }));
    const finish = await screen.findByRole('dialog', { name: 'Agree and Finish' });
    await user.click(
      within(finish).getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await user.click(within(finish).getByRole('button', { name: 'Agree and Finish' }));
    expect(
      await screen.findByText('Please wait while we process your agreement'),
    ).toBeInTheDocument();

    // A failure the next try would not get past (a gateway failure is tried again first).
    fail(new ApiError(500, 'Internal Server Error', 'Internal Server Error'));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(
      screen.queryByText('Please wait while we process your agreement'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agree and Finish' })).toBeEnabled();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('opens the Electronic Signature Consent and Disclosure', async () => {
    const user = userEvent.setup();
    renderPage();
    await passCaptcha(user);
    await user.click(
      await screen.findByRole('button', { name: 'Electronic Signature Consent and Disclosure' }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Electronic Signature Consent and Disclosure' }),
    ).toHaveTextContent(/paper/i);
  });
});
