import { ApiError } from '@prosign/api-client';
import {
  HANDED_OVER_ERROR,
  HANDOVER_MESSAGES,
  HANDOVER_TEXTS,
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
const JANE = { name: 'Jane Roe', email: 'jane.roe@example.com' };

function signingApi(routes: Record<string, FakeRoute> = {}) {
  return fakeClient({
    ...CAPTCHA_ROUTES,
    'POST /api/verifyToken': () => customerLink(),
    'POST /api/signing/hand-over': () => ({
      status: 'handed-over',
      recipientId: 'signer-1',
      handedOverTo: JANE,
      handedOverAt: '2026-11-27T18:00:00.000Z',
      message: HANDOVER_MESSAGES.handedOver(JANE.name),
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

async function openHandover(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: HANDOVER_TEXTS.action }));
  const dialog = await screen.findByRole('dialog', { name: HANDOVER_TEXTS.title });
  return {
    dialog,
    name: within(dialog).getByRole('textbox', { name: HANDOVER_TEXTS.nameLabel }),
    email: within(dialog).getByRole('textbox', { name: HANDOVER_TEXTS.emailLabel }),
    note: within(dialog).getByRole('textbox', { name: HANDOVER_TEXTS.noteLabel }),
  };
}

const handoverCalls = <C extends { path: string }>(calls: C[]) =>
  calls.filter((call) => call.path === '/api/signing/hand-over');

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});

beforeEach(() => sessionStorage.clear());

describe('CustomerSigningPage: hand over to the authorised signatory', () => {
  it('hands over with the trimmed name, e-mail and note, then shows the link handed over', async () => {
    const api = signingApi();
    const user = await openAgreement(api.client);
    const offer = screen.getByRole('button', { name: HANDOVER_TEXTS.action });
    expect(offer).not.toHaveClass('ps-button--primary');
    expect(screen.getByText(HANDOVER_TEXTS.offer, { exact: false })).toBeInTheDocument();

    const { dialog, name, email, note } = await openHandover(user);
    // Focus moves into the dialog, on its first field; every field has its label.
    expect(name).toHaveFocus();
    await user.type(name, `  ${JANE.name} `);
    await user.tab();
    expect(email).toHaveFocus();
    await user.type(email, JANE.email);
    await user.type(note, ' Jane signs for the company. ');
    await expectNoSeriousAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: HANDOVER_TEXTS.confirm }));

    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.handedOver }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(HANDOVER_TEXTS.done(JANE.name)).length).toBeGreaterThan(0);
    expect(screen.getByText(HANDOVER_MESSAGES.handedOverNext)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: HANDOVER_TEXTS.action })).not.toBeInTheDocument();
    await expectNoSeriousAxeViolations(document.body);
    const [call] = handoverCalls(api.calls);
    expect(call.body).toEqual({ token: 'tok-1', ...JANE, note: 'Jane signs for the company.' });
  });

  it('checks the fields before sending anything, and Escape closes the dialog', async () => {
    const api = signingApi();
    const user = await openAgreement(api.client);
    const { dialog, name, email } = await openHandover(user);
    await user.click(within(dialog).getByRole('button', { name: HANDOVER_TEXTS.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(HANDOVER_MESSAGES.nameRequired);
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, JANE.name);
    await user.type(email, 'jane@');
    await user.click(within(dialog).getByRole('button', { name: HANDOVER_TEXTS.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(HANDOVER_MESSAGES.email);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(handoverCalls(api.calls)).toEqual([]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: HANDOVER_TEXTS.action })).toHaveFocus(),
    );
  });

  it("shows the server's refusal in the dialog and keeps the agreement open", async () => {
    const api = signingApi({
      'POST /api/signing/hand-over': () => {
        throw new ApiError(400, HANDOVER_MESSAGES.sameEmail, 'Bad Request');
      },
    });
    const user = await openAgreement(api.client);
    const { dialog, name, email } = await openHandover(user);
    await user.type(name, JANE.name);
    await user.type(email, 'jane.doe@example.com');
    await user.click(within(dialog).getByRole('button', { name: HANDOVER_TEXTS.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(HANDOVER_MESSAGES.sameEmail);
    expect(within(dialog).getByRole('button', { name: HANDOVER_TEXTS.confirm })).toBeEnabled();
    expect(
      screen.queryByRole('heading', { name: SIGNING_STATE_HEADINGS.handedOver, hidden: true }),
    ).not.toBeInTheDocument();
  });

  it('with a saved signature, says to clear it first and sends nothing', async () => {
    const api = signingApi({
      'POST /api/verifyToken': () =>
        customerLink({
          status: 'signature_saved',
          metrics: {
            isSignatureSaved: true,
            isSigned: false,
            signature: 'Jane Doe',
            initials: 'JD',
          },
        }),
    });
    const user = await openAgreement(api.client);
    const { dialog, name, email } = await openHandover(user);
    await user.type(name, JANE.name);
    await user.type(email, JANE.email);
    await user.click(within(dialog).getByRole('button', { name: HANDOVER_TEXTS.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(HANDOVER_MESSAGES.signatureSaved);
    expect(handoverCalls(api.calls)).toEqual([]);
  });

  it('is not offered once the signer signed their part', async () => {
    const api = signingApi({
      'POST /api/verifyToken': () =>
        customerLink({
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
    expect(screen.queryByRole('button', { name: HANDOVER_TEXTS.action })).not.toBeInTheDocument();
  });

  it('a handed-over link shows whom it went to, after the captcha', async () => {
    const message = HANDOVER_MESSAGES.handedOver(JANE.name);
    const api = signingApi({
      'POST /api/verifyToken': () => {
        throw new ApiError(409, message, HANDED_OVER_ERROR);
      },
    });
    const user = userEvent.setup();
    renderRoute(<CustomerSigningPage />, { path: PATH, pattern: '/:token', client: api.client });
    await passCaptcha(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: SIGNING_STATE_HEADINGS.handedOver }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByText(HANDOVER_MESSAGES.handedOverNext)).toBeInTheDocument();
    await expectNoSeriousAxeViolations(document.body);
  });
});
