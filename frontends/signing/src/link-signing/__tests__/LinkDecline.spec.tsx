import { ApiError } from '@prosign/api-client';
import {
  DECLINE_TEXTS,
  SIGNER_MESSAGES,
  SIGNING_PAGE_TITLES,
  SIGNING_STATE_HEADINGS,
  type CoSigningView,
  type SignerMetrics,
  type SowSigningView,
} from '@prosign/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LinkSignatureRoutePage } from '../../pages/LinkSignatureRoutePage';
import { fakeClient, renderRoute, type FakeRoute } from '../../test-support/fake-signing-api';
import { CAPTCHA_ROUTES, passCaptcha, sowLink } from '../../test-support/signer-fixtures';

jest.mock('../../customer-signing/navigation', () => ({ leaveTo: jest.fn() }));
jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () =>
    Promise.resolve({ emit: () => undefined, disconnect: () => undefined }),
}));

const ID = 'SOW-abc123';

const SAVED: SignerMetrics = {
  isSignatureSaved: true,
  isSigned: false,
  signature: 'Mei Lin',
  initials: 'M.L.',
};

function sowView(overrides: Partial<SowSigningView> = {}): SowSigningView {
  // A saved signature does not stop a decline: only a signed part does.
  return sowLink({ status: 'signature_saved', metrics: SAVED, ...overrides });
}

function linkApi(family: 'sow' | 'co', view: unknown, routes: Record<string, FakeRoute> = {}) {
  return fakeClient({
    [`GET /api/${family}/verify-link/${ID}`]: () => ({ valid: true, linkState: 'open' }),
    ...CAPTCHA_ROUTES,
    [`POST /api/${family}/increase-viewed-times/${ID}`]: () => view,
    [`POST /api/${family}/decline/${ID}`]: () => ({
      status: 'declined',
      linkState: 'declined',
      declinedAt: '2026-11-27T18:00:00.000Z',
      message: SIGNER_MESSAGES.declinedDone,
    }),
    ...routes,
  });
}

async function openPage(family: 'sow' | 'co', client: ReturnType<typeof linkApi>['client']) {
  const user = userEvent.setup();
  const page = <LinkSignatureRoutePage />;
  const base = family === 'sow' ? '/sow-signature' : '/co-signature';
  renderRoute(page, { path: `${base}/${ID}`, pattern: `${base}/:customId`, client });
  await passCaptcha(user);
  await screen.findByRole('region', { name: /The agreement/ });
  return user;
}

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});

beforeEach(() => sessionStorage.clear());

describe('SOW and CO signing pages: decline with a reason', () => {
  it('a SOW partner declines with a reason; the page shows the declined state', async () => {
    const api = linkApi('sow', sowView());
    const user = await openPage('sow', api.client);
    await user.click(screen.getByRole('button', { name: DECLINE_TEXTS.action }));
    const dialog = await screen.findByRole('dialog', { name: DECLINE_TEXTS.title });
    const reason = within(dialog).getByRole('textbox', { name: DECLINE_TEXTS.reasonLabel });
    expect(reason).toHaveFocus();
    await user.type(reason, 'Not our project');
    await user.click(within(dialog).getByRole('button', { name: DECLINE_TEXTS.confirm }));

    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.declined }),
    ).toBeInTheDocument();
    expect(screen.getByText(SIGNING_PAGE_TITLES.declined)).toBeInTheDocument();
    const call = api.calls.find((entry) => entry.path === `/api/sow/decline/${ID}`);
    expect(call?.body).toEqual({ reason: 'Not our project' });
    // Nothing more is asked of the server: the page shows what the decline answered.
    expect(api.calls.filter((entry) => entry.path.includes('increase-viewed-times'))).toHaveLength(
      1,
    );
  });

  it("a CO signer sees the server's refusal in the dialog", async () => {
    const view: CoSigningView = {
      ...sowView(),
      status: 'viewed',
      signatory_name: 'Ana Ruiz',
      description: 'Relocate the water heater.',
      fee: 1200,
      payment_terms: 'Split Payment',
      firstPayment: 700,
      secondPayment: 500,
    };
    const api = linkApi('co', view, {
      [`POST /api/co/decline/${ID}`]: () => {
        throw new ApiError(409, 'This link is closed.', 'Conflict');
      },
    });
    const user = await openPage('co', api.client);
    await user.click(screen.getByRole('button', { name: DECLINE_TEXTS.action }));
    const dialog = await screen.findByRole('dialog', { name: DECLINE_TEXTS.title });
    await user.type(within(dialog).getByRole('textbox'), 'Price changed');
    await user.click(within(dialog).getByRole('button', { name: DECLINE_TEXTS.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This link is closed.');
  });

  it('is not offered on a signed SOW part', async () => {
    const api = linkApi(
      'sow',
      sowView({
        metrics: { ...SAVED, isSigned: true },
        progress: '1 of 2 signed — waiting for Al',
      }),
    );
    await openPage('sow', api.client);
    expect(screen.queryByRole('button', { name: DECLINE_TEXTS.action })).not.toBeInTheDocument();
  });
});
