import { ApiError } from '@prosign/api-client';
import {
  EMAIL_CODE_MESSAGES,
  EMAIL_CODE_PROOF_HEADER,
  type EmailCodeStatus,
  type SowSigningView,
} from '@prosign/domain';
import { englishSignerMessages } from '@prosign/ui';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CustomerSigningPage } from '../../pages/CustomerSigningPage';
import { LinkSignatureRoutePage as SowSignaturePage } from '../../pages/LinkSignatureRoutePage';
import { fakeClient, renderRoute, type FakeRoute } from '../../test-support/fake-signing-api';
import { CAPTCHA_ROUTES, customerLink, passCaptcha } from '../../test-support/signer-fixtures';
import { emailCodeTexts } from '../email-code-texts';

const EMAIL_CODE_TEXTS = emailCodeTexts(englishSignerMessages());

jest.mock('../../customer-signing/navigation', () => ({ leaveTo: jest.fn() }));
jest.mock('../signer-socket', () => ({
  connectSignerSocket: () =>
    Promise.resolve({ emit: () => undefined, disconnect: () => undefined }),
}));

const DOC = 'https://docs.test/d/doc-1/edit';
const PATH = `/tok-1?docLink=${encodeURIComponent(DOC)}&prefix=email`;

function status(overrides: Partial<EmailCodeStatus> = {}): EmailCodeStatus {
  return {
    required: true,
    maskedEmail: 'j•••@example.com',
    pending: false,
    expiresAt: null,
    resendAvailableAt: null,
    ...overrides,
  };
}

const PENDING = status({ pending: true, expiresAt: '2099-01-01T00:10:00.000Z' });

function codeApi(routes: Record<string, FakeRoute> = {}) {
  return fakeClient({
    ...CAPTCHA_ROUTES,
    'GET /api/signing/email-code': () => status(),
    'POST /api/signing/email-code/send': () => PENDING,
    'POST /api/signing/email-code/verify': ({ body }) => {
      if ((body as { code: string }).code !== '123456') {
        throw new ApiError(400, EMAIL_CODE_MESSAGES.wrong(4), 'Bad Request');
      }
      return { proof: 'proof-1', expiresAt: '2099-01-01T02:00:00.000Z' };
    },
    'POST /api/verifyToken': () => customerLink(),
    ...routes,
  });
}

async function openCodeStep(client = codeApi().client) {
  const user = userEvent.setup();
  renderRoute(<CustomerSigningPage />, { path: PATH, pattern: '/:token', client });
  await passCaptcha(user);
  const input = await screen.findByRole('textbox', { name: EMAIL_CODE_TEXTS.label });
  return { user, input };
}

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});

beforeEach(() => sessionStorage.clear());

describe('the e-mail code step', () => {
  it('mails a code, then opens the agreement with the proof on every call once verified', async () => {
    const api = codeApi();
    const { user, input } = await openCodeStep(api.client);
    // The page's heading follows the step.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: EMAIL_CODE_TEXTS.region })).toBeInTheDocument();
    expect(screen.getByText(/We sent a 6-digit code to j•••@example\.com\./)).toBeInTheDocument();
    // One code mailed when the step opened; the agreement is not asked for yet.
    expect(api.calls.filter((c) => c.path === '/api/signing/email-code/send')).toHaveLength(1);
    expect(api.calls.some((c) => c.path === '/api/verifyToken')).toBe(false);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await expectNoSeriousAxeViolations(document.body);

    await user.type(input, '12a3 456');
    expect(input).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: EMAIL_CODE_TEXTS.verify }));
    await screen.findByRole('region', { name: /The agreement/ });
    const verifyToken = api.calls.find((c) => c.path === '/api/verifyToken');
    expect(verifyToken?.headers).toMatchObject({
      'X-Captcha-Pass': 'pass-1',
      [EMAIL_CODE_PROOF_HEADER]: 'proof-1',
    });
    expect(api.calls.find((c) => c.path === '/api/signing/email-code/verify')?.body).toEqual({
      token: 'tok-1',
      code: '123456',
    });
  });

  it('takes a pasted code and says clearly what was wrong', async () => {
    const { user, input } = await openCodeStep();
    fireEvent.paste(input, { clipboardData: { getData: () => 'Your code: 654 321' } });
    expect(input).toHaveValue('654321');
    await user.click(screen.getByRole('button', { name: EMAIL_CODE_TEXTS.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_CODE_MESSAGES.wrong(4));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    await expectNoSeriousAxeViolations(document.body);

    // Too short: said before asking the server.
    await user.clear(input);
    await user.type(input, '123{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_CODE_MESSAGES.malformed);
  });

  it('shows expired and too-many-tries refusals in the server’s words', async () => {
    let answer = new ApiError(410, EMAIL_CODE_MESSAGES.expired, 'Gone');
    const api = codeApi({
      'POST /api/signing/email-code/verify': () => {
        throw answer;
      },
    });
    const { user, input } = await openCodeStep(api.client);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: EMAIL_CODE_TEXTS.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_CODE_MESSAGES.expired);
    answer = new ApiError(429, EMAIL_CODE_MESSAGES.tooManyTries, 'Too Many Requests');
    await user.click(screen.getByRole('button', { name: EMAIL_CODE_TEXTS.verify }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_CODE_MESSAGES.tooManyTries),
    );
  });

  it('does not mail another code while one is pending; Send a new code does, until the limit', async () => {
    const limitedUntil = new Date(Date.now() + 4 * 60_000 + 30_000).toISOString();
    let sends = 0;
    const api = codeApi({
      'GET /api/signing/email-code': () =>
        sends > 1 ? status({ ...PENDING, resendAvailableAt: limitedUntil }) : PENDING,
      'POST /api/signing/email-code/send': () => {
        sends += 1;
        if (sends > 1) {
          throw new ApiError(429, EMAIL_CODE_MESSAGES.sendLimit(5), 'Too Many Requests');
        }
        return PENDING;
      },
    });
    const { user } = await openCodeStep(api.client);
    expect(api.calls.filter((c) => c.path === '/api/signing/email-code/send')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: EMAIL_CODE_TEXTS.resend }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      EMAIL_CODE_MESSAGES.sent('j•••@example.com'),
    );
    await user.click(screen.getByRole('button', { name: EMAIL_CODE_TEXTS.resend }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You asked for too many codes. Please wait 5 minutes before asking again.',
    );
    const waiting = await screen.findByRole('button', { name: /Send a new code in 4:\d\d/ });
    expect(waiting).toBeDisabled();
    await act(async () => undefined);
  });

  it('needs no step where the agreement requires no code', async () => {
    const api = codeApi({ 'GET /api/signing/email-code': () => status({ required: false }) });
    const user = userEvent.setup();
    renderRoute(<CustomerSigningPage />, { path: PATH, pattern: '/:token', client: api.client });
    await passCaptcha(user);
    await screen.findByRole('region', { name: /The agreement/ });
    expect(screen.queryByRole('textbox', { name: EMAIL_CODE_TEXTS.label })).toBeNull();
    const verifyToken = api.calls.find((c) => c.path === '/api/verifyToken');
    expect(verifyToken?.headers).not.toHaveProperty(EMAIL_CODE_PROOF_HEADER);
  });
  it('stands between the captcha and the document on a SOW link too', async () => {
    const ID = 'SOW-abc123';
    const view: SowSigningView = {
      ...customerLink(),
      customId: ID,
      cp_name: 'Mei Lin',
      project_address: '88 Orchard Lane, San Jose, CA 95112',
      payment_amount: 1550.5,
      effective_date: '2026-11-23',
    };
    const api = codeApi({
      [`GET /api/sow/verify-link/${ID}`]: () => ({ valid: true, linkState: 'open' }),
      [`POST /api/sow/increase-viewed-times/${ID}`]: () => view,
    });
    const user = userEvent.setup();
    renderRoute(<SowSignaturePage />, {
      path: `/sow-signature/${ID}`,
      pattern: '/sow-signature/:customId',
      client: api.client,
    });
    await passCaptcha(user);
    const input = await screen.findByRole('textbox', { name: EMAIL_CODE_TEXTS.label });
    expect(api.calls.some((c) => c.path.includes('increase-viewed-times'))).toBe(false);
    expect(api.calls.find((c) => c.path === '/api/signing/email-code/send')?.body).toEqual({
      token: ID,
    });
    await user.type(input, '123456{Enter}');
    await screen.findByRole('region', { name: /The agreement/ });
    expect(api.calls.find((c) => c.path.includes('increase-viewed-times'))?.headers).toMatchObject({
      [EMAIL_CODE_PROOF_HEADER]: 'proof-1',
    });
  });

  describe('locked by too many wrong codes', () => {
    it('says the code step is locked and to contact the sender; no code is mailed or asked for', async () => {
      const api = codeApi({ 'GET /api/signing/email-code': () => status({ locked: true }) });
      const user = userEvent.setup();
      renderRoute(<CustomerSigningPage />, { path: PATH, pattern: '/:token', client: api.client });
      await passCaptcha(user);
      const region = await screen.findByRole('region', { name: EMAIL_CODE_TEXTS.region });
      expect(region).toHaveTextContent(EMAIL_CODE_TEXTS.locked);
      expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_CODE_MESSAGES.locked);
      expect(EMAIL_CODE_MESSAGES.locked).toMatch(/contact the sender/);
      expect(screen.queryByRole('textbox', { name: EMAIL_CODE_TEXTS.label })).toBeNull();
      expect(screen.queryByRole('button', { name: EMAIL_CODE_TEXTS.resend })).toBeNull();
      expect(api.calls.filter((c) => c.path === '/api/signing/email-code/send')).toHaveLength(0);
      await expectNoSeriousAxeViolations();
    });

    it('turns into the locked message when the wrong code that locks it is entered', async () => {
      let locked = false;
      const api = codeApi({
        'GET /api/signing/email-code': () => (locked ? status({ locked: true }) : PENDING),
        'POST /api/signing/email-code/verify': () => {
          locked = true;
          throw new ApiError(423, EMAIL_CODE_MESSAGES.locked, 'Locked');
        },
      });
      const { user, input } = await openCodeStep(api.client);
      await user.type(input, '000000{Enter}');
      expect(await screen.findByRole('heading', { name: EMAIL_CODE_TEXTS.locked })).toBeVisible();
      expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_CODE_MESSAGES.locked);
      expect(screen.queryByRole('textbox', { name: EMAIL_CODE_TEXTS.label })).toBeNull();
    });
  });
});
