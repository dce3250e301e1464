import { ApiError } from '@prosign/api-client';
import {
  DECLINE_REASON_MAX,
  DECLINE_TEXTS,
  SIGNER_MESSAGES,
  SIGNING_PAGE_TITLES,
  SIGNING_STATE_HEADINGS,
} from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CustomerSigningPage } from '../../pages/CustomerSigningPage';
import { fakeClient, renderRoute, type FakeRoute } from '../../test-support/fake-signing-api';
import { CAPTCHA_ROUTES, customerLink, passCaptcha } from '../../test-support/signer-fixtures';

jest.mock('../navigation', () => ({ leaveTo: jest.fn() }));
jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () =>
    Promise.resolve({ emit: () => undefined, disconnect: () => undefined }),
}));

const DOC = 'https://docs.test/d/doc-1/edit';
const PATH = `/tok-1?docLink=${encodeURIComponent(DOC)}&prefix=email`;
const DECLINED_AT = '2026-11-27T18:00:00.000Z';

const link = customerLink;

function signingApi(routes: Record<string, FakeRoute> = {}) {
  return fakeClient({
    ...CAPTCHA_ROUTES,
    'POST /api/verifyToken': () => link(),
    'POST /api/signing/decline': () => ({
      status: 'declined',
      linkState: 'declined',
      declinedAt: DECLINED_AT,
      message: SIGNER_MESSAGES.declinedDone,
    }),
    ...routes,
  });
}

async function openAgreement(client = signingApi().client) {
  const user = userEvent.setup();
  renderRoute(<CustomerSigningPage />, { path: PATH, pattern: '/:token', client });
  await passCaptcha(user);
  await screen.findByRole('region', { name: /The agreement/ });
  return user;
}

async function openDecline(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: DECLINE_TEXTS.action }));
  const dialog = await screen.findByRole('dialog', { name: DECLINE_TEXTS.title });
  const reason = within(dialog).getByRole('textbox', { name: DECLINE_TEXTS.reasonLabel });
  return { dialog, reason };
}

const declineCalls = <C extends { path: string }>(calls: C[]) =>
  calls.filter((call) => call.path === '/api/signing/decline');

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});

beforeEach(() => sessionStorage.clear());

describe('CustomerSigningPage: decline with a reason', () => {
  it('declines with the trimmed reason and shows the declined state', async () => {
    const api = signingApi();
    const user = await openAgreement(api.client);
    // A secondary action: Sign stays the page's primary one.
    const decline = screen.getByRole('button', { name: DECLINE_TEXTS.action });
    expect(decline).not.toHaveClass('ps-button--primary');

    const { dialog, reason } = await openDecline(user);
    // Focus moves into the dialog, on the reason; the count follows it.
    expect(reason).toHaveFocus();
    expect(within(dialog).getByText('0 / 1,000 characters')).toBeInTheDocument();
    await user.type(reason, '  The fee is higher than quoted.  ');
    expect(within(dialog).getByText('30 / 1,000 characters')).toBeInTheDocument();
    await expectNoSeriousAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: DECLINE_TEXTS.confirm }));

    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.declined }),
    ).toBeInTheDocument();
    expect(screen.getByText(SIGNING_PAGE_TITLES.declined)).toBeInTheDocument();
    expect(screen.getByText('Declined')).toBeInTheDocument();
    expect(await screen.findByText(SIGNER_MESSAGES.declinedDone)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DECLINE_TEXTS.action })).not.toBeInTheDocument();
    const [call] = declineCalls(api.calls);
    expect(call.body).toEqual({ token: 'tok-1', reason: 'The fee is higher than quoted.' });
  });

  it('asks for a reason before sending anything, and Escape closes the dialog', async () => {
    const api = signingApi();
    const user = await openAgreement(api.client);
    const { dialog, reason } = await openDecline(user);
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: DECLINE_TEXTS.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      SIGNER_MESSAGES.declineReasonRequired,
    );
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(declineCalls(api.calls)).toEqual([]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: DECLINE_TEXTS.action })).toHaveFocus(),
    );
  });

  it('refuses a reason over the limit without asking the server', async () => {
    const api = signingApi();
    const user = await openAgreement(api.client);
    const { dialog, reason } = await openDecline(user);
    await user.click(reason);
    await user.paste('x'.repeat(DECLINE_REASON_MAX + 1));
    expect(within(dialog).getByText('1,001 / 1,000 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: DECLINE_TEXTS.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      SIGNER_MESSAGES.declineReasonTooLong,
    );
    expect(declineCalls(api.calls)).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps the agreement open", async () => {
    const refusal = 'This agreement can no longer be declined.';
    const api = signingApi({
      'POST /api/signing/decline': () => {
        throw new ApiError(409, refusal, 'Conflict');
      },
    });
    const user = await openAgreement(api.client);
    const { dialog, reason } = await openDecline(user);
    await user.type(reason, 'Wrong scope');
    await user.click(within(dialog).getByRole('button', { name: DECLINE_TEXTS.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(dialog).getByRole('button', { name: DECLINE_TEXTS.confirm })).toBeEnabled();
    expect(
      screen.queryByRole('heading', { name: SIGNING_STATE_HEADINGS.declined, hidden: true }),
    ).not.toBeInTheDocument();
  });

  it('shows a plain message when the server fails', async () => {
    const api = signingApi({
      'POST /api/signing/decline': () => {
        throw new ApiError(500, 'Internal server error', 'Internal Server Error');
      },
    });
    const user = await openAgreement(api.client);
    const { dialog, reason } = await openDecline(user);
    await user.type(reason, 'Wrong scope');
    await user.click(within(dialog).getByRole('button', { name: DECLINE_TEXTS.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DECLINE_TEXTS.failed);
  });

  it('is not offered once the signer signed their part', async () => {
    const api = signingApi({
      'POST /api/verifyToken': () =>
        link({
          progress: '1 of 2 signed — waiting for John Roe',
          metrics: {
            isSignatureSaved: true,
            isSigned: true,
            signature: 'Jane Doe',
            initials: 'JD',
          },
        }),
    });
    await openAgreement(api.client);
    expect(screen.queryByRole('button', { name: DECLINE_TEXTS.action })).not.toBeInTheDocument();
  });
});
