import { ApiError } from '@prosign/api-client';
import {
  HANDED_OVER_ERROR,
  HANDOVER_MESSAGES,
  HANDOVER_TEXTS,
  SIGNING_STATE_HEADINGS,
  type CoSigningView,
  type SowSigningView,
} from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
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
const JANE = { name: 'Jane Roe', email: 'jane.roe@example.com' };

function sowView(overrides: Partial<SowSigningView> = {}): SowSigningView {
  return sowLink({ sender: { email: 'pm@prosign.example' }, ...overrides });
}

const coView = (): CoSigningView => ({
  ...sowView(),
  signatory_name: 'Ana Ruiz',
  description: 'Relocate the water heater.',
  fee: 1200,
  payment_terms: 'Split Payment',
  firstPayment: 700,
  secondPayment: 500,
});

function linkApi(family: 'sow' | 'co', routes: Record<string, FakeRoute> = {}) {
  return fakeClient({
    [`GET /api/${family}/verify-link/${ID}`]: () => ({ valid: true, linkState: 'open' }),
    ...CAPTCHA_ROUTES,
    [`POST /api/${family}/increase-viewed-times/${ID}`]: () =>
      family === 'sow' ? sowView() : coView(),
    [`POST /api/${family}/hand-over/${ID}`]: () => ({
      status: 'handed-over',
      recipientId: 'signer-1',
      handedOverTo: JANE,
      handedOverAt: '2026-11-27T18:00:00.000Z',
      message: HANDOVER_MESSAGES.handedOver(JANE.name),
    }),
    ...routes,
  });
}

function render(family: 'sow' | 'co', client: ReturnType<typeof linkApi>['client']) {
  const page = <LinkSignatureRoutePage />;
  const base = family === 'sow' ? '/sow-signature' : '/co-signature';
  renderRoute(page, { path: `${base}/${ID}`, pattern: `${base}/:customId`, client });
}

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});

beforeEach(() => sessionStorage.clear());

describe('SOW and CO signing pages: hand over to the authorised signatory', () => {
  it.each(['sow', 'co'] as const)(
    'a %s signer hands over; the page shows the link handed over',
    async (family) => {
      const api = linkApi(family);
      const user = userEvent.setup();
      render(family, api.client);
      await passCaptcha(user);
      await screen.findByRole('region', { name: /The agreement/ });
      await user.click(screen.getByRole('button', { name: HANDOVER_TEXTS.action }));
      const dialog = await screen.findByRole('dialog', { name: HANDOVER_TEXTS.title });
      await user.type(
        within(dialog).getByRole('textbox', { name: HANDOVER_TEXTS.nameLabel }),
        JANE.name,
      );
      await user.type(
        within(dialog).getByRole('textbox', { name: HANDOVER_TEXTS.emailLabel }),
        JANE.email,
      );
      await expectNoSeriousAxeViolations(dialog);
      await user.click(within(dialog).getByRole('button', { name: HANDOVER_TEXTS.confirm }));

      expect(
        await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.handedOver }),
      ).toBeInTheDocument();
      expect(screen.getAllByText(HANDOVER_TEXTS.done(JANE.name)).length).toBeGreaterThan(0);
      const call = api.calls.find((entry) => entry.path === `/api/${family}/hand-over/${ID}`);
      expect(call?.body).toEqual(JANE);
    },
  );

  it('a handed-over link says so before the captcha', async () => {
    const message = HANDOVER_MESSAGES.handedOver(JANE.name);
    const api = linkApi('sow', {
      [`GET /api/sow/verify-link/${ID}`]: () => {
        throw new ApiError(409, message, HANDED_OVER_ERROR);
      },
    });
    render('sow', api.client);
    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.handedOver }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).not.toBeInTheDocument();
    await expectNoSeriousAxeViolations(document.body);
  });
});
