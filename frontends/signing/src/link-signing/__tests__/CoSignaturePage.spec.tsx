import { ApiError } from '@prosign/api-client';
import {
  CAPTCHA_PASS_HEADER,
  CAPTCHA_PROMPT,
  formatPacificDateTime,
  SIGNING_FIRM,
  SIGNING_STATE_HEADINGS,
  type CoSigningView,
  type SignerMetrics,
} from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leaveTo } from '../../customer-signing/navigation';
import { LinkSignatureRoutePage as CoSignaturePage } from '../../pages/LinkSignatureRoutePage';
import { fakeClient, renderRoute, type FakeRoute } from '../../test-support/fake-signing-api';

jest.mock('../../customer-signing/navigation', () => ({ leaveTo: jest.fn() }));

const emitted: string[] = [];
jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () =>
    Promise.resolve({
      emit: (event: string) => emitted.push(event),
      disconnect: () => emitted.push('disconnect'),
    }),
}));

const ID = 'CO-7f3a9';
const PATH = `/co-signature/${ID}`;
const TITLE = 'Change Order 2 — 12 Cedar Row, Fresno, CA 93704';
const BRANDED = `${TITLE} — ${SIGNING_FIRM.brand}`;
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
  signature: 'Ana Ruiz',
  initials: null,
};

function coView(overrides: Partial<CoSigningView> = {}): CoSigningView {
  return {
    valid: true,
    linkState: 'open',
    status: 'viewed',
    agreementTitle: TITLE,
    docLink: `http://api.test/api/documents/co-1/pdf`,
    signedDocLink: null,
    verifyId: null,
    bookmarks: null,
    sentAt: '2026-03-02T17:00:00.000Z',
    closedAt: null,
    sender: { email: 'csm@prosign.example' },
    metrics: UNSAVED,
    client: { full_name: 'Ana Ruiz', hsDealId: '40000104' },
    customId: ID,
    signatory_name: 'Ana Ruiz',
    project_address: '12 Cedar Row, Fresno, CA 93704',
    description: 'Relocate the water heater and add a seismic strap.',
    fee: 1200,
    payment_terms: 'Split Payment',
    firstPayment: 700,
    secondPayment: 500,
    ...overrides,
  };
}

const FINISHED = {
  status: 'signed',
  signedAt: '2026-11-23T21:00:00.000Z',
  signedDocLink: 'http://api.test/final.pdf',
  auditTrailDocLink: 'http://api.test/audit.pdf',
  verifyId: 'v-1',
};

function coApi(routes: Record<string, FakeRoute> = {}) {
  return fakeClient({
    [`GET /api/co/verify-link/${ID}`]: () => ({ valid: true, linkState: 'open' }),
    'GET /api/captcha/config': () => ({ adapter: 'local', challenge: 'challenge-1' }),
    'POST /api/captcha/verify': () => ({ pass: 'pass-1', expiresAt: inAnHour() }),
    [`POST /api/co/increase-viewed-times/${ID}`]: () => coView(),
    [`POST /api/co/upload-text-signature/${ID}`]: ({ body }) => {
      if (!(body as { textSignature?: string }).textSignature?.trim()) {
        throw new ApiError(400, 'Please add your signature', 'Bad Request');
      }
      return { message: 'Signature uploaded successfully!', metrics: SAVED };
    },
    [`POST /api/co/finish/${ID}`]: () => FINISHED,
    ...routes,
  });
}

async function passCaptcha(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByText(CAPTCHA_PROMPT)).toBeInTheDocument();
  await user.click(await screen.findByRole('checkbox', { name: "I'm not a robot" }));
}

function renderPage(client = coApi().client) {
  return renderRoute(<CoSignaturePage />, {
    path: PATH,
    pattern: '/co-signature/:customId',
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

describe('CoSignaturePage: the link', () => {
  it('checks the link under /api/co before the captcha, then opens the change order once with the pass', async () => {
    const user = userEvent.setup();
    const api = coApi();
    renderPage(api.client);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeInTheDocument();
    await passCaptcha(user);
    expect(pathsOf(api.calls).slice(0, 2)).toEqual([
      `GET /api/co/verify-link/${ID}`,
      'GET /api/captcha/config',
    ]);
    expect(api.calls[0]?.headers ?? {}).not.toHaveProperty(CAPTCHA_PASS_HEADER);

    // The page title: the change order's title with the firm's brand.
    expect(await screen.findByRole('heading', { level: 1, name: BRANDED })).toBeInTheDocument();
    expect(document.title).toBe(BRANDED);
    expect(api.calls.find((call) => call.path === '/api/captcha/verify')?.body).toEqual({
      response: 'challenge-1',
      linkToken: ID,
    });
    const opened = api.calls.filter((call) => call.path.startsWith('/api/co/increase-viewed'));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.headers).toEqual({ [CAPTCHA_PASS_HEADER]: 'pass-1' });
    expect(api.calls.some((call) => call.path.startsWith('/api/sow/'))).toBe(false);

    // The change order's facts, the split of the fee included, above the server-rendered PDF.
    const summary = screen.getByRole('region', { name: 'Change order details' });
    const facts = Object.fromEntries(
      within(summary)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Signatory: 'Ana Ruiz',
      'Project address': '12 Cedar Row, Fresno, CA 93704',
      Description: 'Relocate the water heater and add a seismic strap.',
      Fee: '$1,200.00',
      'Payment terms': 'Split Payment',
      'First payment': '$700.00',
      'Second payment': '$500.00',
    });
    expect(await screen.findByRole('region', { name: `The agreement: ${TITLE}` })).toBeVisible();
    await waitFor(() => expect(emitted).toContain('user-active'));
    await expectNoSeriousAxeViolations();
  });

  it('shows one payment without the split amounts', async () => {
    const user = userEvent.setup();
    renderPage(
      coApi({
        [`POST /api/co/increase-viewed-times/${ID}`]: () =>
          coView({ payment_terms: 'Due on receipt', firstPayment: 0, secondPayment: 0 }),
      }).client,
    );
    await passCaptcha(user);
    const summary = await screen.findByRole('region', { name: 'Change order details' });
    expect(within(summary).getByText('Due on receipt')).toBeInTheDocument();
    expect(within(summary).queryByText('First payment')).not.toBeInTheDocument();
  });

  it('says an unknown link is invalid, without a captcha', async () => {
    const api = coApi({
      [`GET /api/co/verify-link/${ID}`]: () => {
        throw new ApiError(404, 'Invalid or expired link. Please request a new one.', 'Not Found');
      },
    });
    renderPage(api.client);
    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.invalidToken }),
    ).toBeInTheDocument();
    expect(screen.getByText(/We could not find an agreement for this link/)).toBeInTheDocument();
    expect(screen.queryByText(CAPTCHA_PROMPT)).not.toBeInTheDocument();
    expect(pathsOf(api.calls)).toEqual([`GET /api/co/verify-link/${ID}`]);
  });

  it.each([
    ['signed', SIGNING_STATE_HEADINGS.signed, 'Signed'],
    ['cancelled', SIGNING_STATE_HEADINGS.cancelled, 'Cancelled'],
    ['voided', SIGNING_STATE_HEADINGS.voided, 'Voided'],
    ['expired', SIGNING_STATE_HEADINGS.expired, 'Expired'],
  ] as const)(
    'a %s link names the document, the date and the sender, and offers no signing',
    async (linkState, heading, dateLabel) => {
      const closedAt = '2026-03-05T18:30:00.000Z';
      const api = coApi({
        [`GET /api/co/verify-link/${ID}`]: () => ({
          valid: true,
          linkState,
          closed: { agreementTitle: TITLE, closedAt, sender: { email: 'csm@prosign.example' } },
        }),
      });
      renderPage(api.client);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(document.title).toBe(heading);
      const panel = screen.getByRole('region', { name: 'What to do next' });
      expect(within(panel).getByText('Document').nextElementSibling).toHaveTextContent(TITLE);
      expect(within(panel).getByText(dateLabel).nextElementSibling).toHaveTextContent(
        formatPacificDateTime(closedAt),
      );
      expect(within(panel).getByRole('link', { name: 'csm@prosign.example' })).toHaveAttribute(
        'href',
        'mailto:csm@prosign.example',
      );
      expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
      expect(screen.queryByText(CAPTCHA_PROMPT)).not.toBeInTheDocument();
      expect(pathsOf(api.calls)).toEqual([`GET /api/co/verify-link/${ID}`]);
      await expectNoSeriousAxeViolations();
    },
  );

  it('a refused captcha pass shows the robot check again', async () => {
    const user = userEvent.setup();
    let refuse = true;
    renderPage(
      coApi({
        [`POST /api/co/increase-viewed-times/${ID}`]: () => {
          if (refuse) {
            refuse = false;
            throw new ApiError(403, 'Please confirm you are not a robot.', 'Forbidden');
          }
          return coView();
        },
      }).client,
    );
    await passCaptcha(user);
    await passCaptcha(user);
    expect(await screen.findByRole('heading', { level: 1, name: BRANDED })).toBeInTheDocument();
  });
});

describe('CoSignaturePage: signing', () => {
  it('refuses a blank signature, saves the typed one, then agrees and finishes once and leaves for the reviews page', async () => {
    const user = userEvent.setup();
    const api = coApi();
    renderPage(api.client);
    await passCaptcha(user);

    expect(await screen.findByRole('button', { name: 'Agree and Finish' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign the agreement' });
    expect(within(dialog).queryByLabelText('Review and Update Your Initials')).toBeNull();
    const field = within(dialog).getByLabelText('Review and Update Your Signature');
    // The signatory's name to start from, drawn at 35 px in the script font.
    expect(field).toHaveValue('Ana Ruiz');
    const preview = within(dialog).getByRole('img', { name: 'Signature preview' });
    expect(preview).toHaveStyle({ fontSize: '35px' });
    expect(preview.style.fontFamily).toContain('Whisper');

    await user.clear(field);
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please add your signature');
    expect(api.calls.some((call) => call.path.includes('upload-text-signature'))).toBe(false);

    await user.clear(field);
    await user.type(field, 'Ana M. Ruiz');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Signature uploaded successfully!')).toBeInTheDocument();
    const upload = api.calls.find((call) => call.path.includes('upload-text-signature'));
    expect(upload?.path).toBe(`/api/co/upload-text-signature/${ID}`);
    expect(upload?.body).toEqual({ textSignature: 'Ana M. Ruiz' });
    expect(upload?.headers).toEqual({ [CAPTCHA_PASS_HEADER]: 'pass-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Change signature' })).toBeInTheDocument();
    expect(
      screen.getByText('Your signature is saved. Agree and Finish to sign the change order.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agree and Finish' }));
    const finish = await screen.findByRole('dialog', { name: 'Agree and Finish' });
    expect(finish).toHaveTextContent(/sign this change order electronically/);
    await user.click(within(finish).getByRole('button', { name: 'Agree and Finish' }));
    expect(within(finish).getByRole('alert')).toHaveTextContent(
      'Please accept the terms and conditions before proceeding.',
    );
    expect(api.calls.some((call) => call.path.includes('/finish/'))).toBe(false);
    await user.click(
      within(finish).getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await user.dblClick(within(finish).getByRole('button', { name: 'Agree and Finish' }));

    const done = await screen.findByRole('dialog', { name: 'Agreement completed' });
    expect(done).toHaveTextContent(
      'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
    );
    const finishes = api.calls.filter((call) => call.path === `/api/co/finish/${ID}`);
    expect(finishes).toHaveLength(1);
    expect(finishes[0]?.body).toEqual({ agreedToTerms: true });
    expect(finishes[0]?.headers).toEqual({ [CAPTCHA_PASS_HEADER]: 'pass-1' });
    expect(screen.getByRole('button', { name: 'Agree and Finish', hidden: true })).toBeDisabled();
    await expectNoSeriousAxeViolations();

    await user.click(within(done).getByRole('button', { name: 'Close' }));
    expect(leaveTo).toHaveBeenCalledWith('https://reviews.test/firm');
  });

  it('shows the processing overlay while finishing and lets the signatory retry when it fails', async () => {
    const user = userEvent.setup();
    let fail!: (error: Error) => void;
    renderPage(
      coApi({
        [`POST /api/co/increase-viewed-times/${ID}`]: () =>
          coView({ status: 'signature_saved', metrics: SAVED }),
        [`POST /api/co/finish/${ID}`]: () =>
          new Promise((_resolve, reject) => {
            fail = reject;
          }),
      }).client,
    );
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
    expect(screen.getByRole('button', { name: 'Agree and Finish' })).toBeEnabled();
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
