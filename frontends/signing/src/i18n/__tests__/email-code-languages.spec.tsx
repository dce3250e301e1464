import type { SignerMessages } from '@prosign/domain';
import { SignerMessagesProvider } from '@prosign/ui';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CustomerSigningPage } from '../../pages/CustomerSigningPage';
import { fakeClient, renderRoute } from '../../test-support/fake-signing-api';
import { textNotPseudoLocalised } from '../../test-support/pseudo-locale-walk';
import { CAPTCHA_ROUTES, customerLink, passCaptcha } from '../../test-support/signer-fixtures';
import { loadSignerMessages } from '../load-signer-messages';

jest.mock('../../customer-signing/navigation', () => ({ leaveTo: jest.fn() }));
jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () =>
    Promise.resolve({ emit: () => undefined, disconnect: () => undefined }),
}));

const PATH = `/tok-1?docLink=${encodeURIComponent('https://docs.test/d/doc-1/edit')}&prefix=email`;

/** A customer link whose agreement asks for the e-mail code, opened past the robot check. */
async function openCodeStep(messages: SignerMessages) {
  const user = userEvent.setup();
  const { client } = fakeClient({
    ...CAPTCHA_ROUTES,
    'GET /api/signing/email-code': () => ({
      required: true,
      maskedEmail: 'j•••@example.com',
      pending: true,
      expiresAt: '2099-01-01T00:10:00.000Z',
      resendAvailableAt: null,
    }),
    'POST /api/verifyToken': () => customerLink(),
  });
  renderRoute(
    <SignerMessagesProvider messages={messages}>
      <CustomerSigningPage />
    </SignerMessagesProvider>,
    { path: PATH, pattern: '/:token', client },
  );
  await passCaptcha(user);
  return user;
}

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
});
beforeEach(() => sessionStorage.clear());

describe('the e-mail code step in the signer’s language', () => {
  it('asks for the code in Spanish, with the minutes it stays valid, and refuses a short one', async () => {
    const user = await openCodeStep(await loadSignerMessages('es'));
    const step = await screen.findByRole('region', { name: 'Código por correo electrónico' });
    expect(
      within(step).getByText(
        'Enviamos un código de 6 dígitos a j•••@example.com. Vence en 10 minutos.',
      ),
    ).toBeInTheDocument();
    await user.type(within(step).getByRole('textbox', { name: 'Código de 6 dígitos' }), '123');
    await user.click(within(step).getByRole('button', { name: 'Verificar' }));
    expect(await within(step).findByRole('alert')).toHaveTextContent(
      'Escriba el código de 6 dígitos del correo electrónico.',
    );
    expect(within(step).getByRole('button', { name: 'Enviar un código nuevo' })).toBeEnabled();
  });

  it('leaves no text of the code step outside the catalogues (pseudo-locale)', async () => {
    await openCodeStep(await loadSignerMessages('en-XA'));
    const step = await screen.findByRole('region', { name: /^⟦/ });
    expect(textNotPseudoLocalised(step, [])).toEqual([]);
  });
});
