import type { SignerMessages, VerifyDocumentView } from '@prosign/domain';
import { SignerMessagesProvider } from '@prosign/ui';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VerifyPage } from '../../pages/VerifyPage';
import { fakeClient, renderRoute } from '../../test-support/fake-signing-api';
import { textNotPseudoLocalised } from '../../test-support/pseudo-locale-walk';
import { loadSignerMessages } from '../load-signer-messages';

const SHA = 'a'.repeat(64);
const VIEW: VerifyDocumentView = {
  title: 'Structural Engineering Agreement',
  status: 'not signed',
  parties: [
    { role: 'Signer', name: 'Jane Doe', email: 'j***@example.com', signedAt: null },
    { role: 'Copy to', name: 'Casey Manager', email: 'c***@prosign.example' },
  ],
  events: [{ at: '2026-03-04T17:05:00.000Z', event: 'Sent for signature', by: 'Casey Manager' }],
  historyIntact: true,
  signedAt: null,
  sha256: SHA,
};

function renderVerify(messages: SignerMessages) {
  const { client } = fakeClient({
    'GET /api/verify/v-1': () => VIEW,
    'POST /api/verify/v-1/check': () => ({ matches: false, sha256: 'b'.repeat(64) }),
  });
  renderRoute(
    <SignerMessagesProvider messages={messages}>
      <VerifyPage />
    </SignerMessagesProvider>,
    { path: '/verify/v-1', pattern: '/verify/:token', client },
  );
}

describe('the verification page in the reader’s language', () => {
  it('says the status, the parties, the seal and a copy’s check in Spanish', async () => {
    const user = userEvent.setup();
    renderVerify(await loadSignerMessages('es'));
    await screen.findByRole('heading', { name: 'Structural Engineering Agreement' });
    expect(document.title).toBe('Verificar un documento firmado');
    expect(screen.getByText('Enviado, aún sin firmar', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Firmante', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('Copia para', { selector: 'dt' })).toBeInTheDocument();
    expect(
      screen.getByText('Jane Doe (j***@example.com) — aún no ha firmado', { selector: 'dd' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Historial intacto:/)).toBeInTheDocument();
    const check = screen.getByRole('region', { name: 'Comprobar una copia' });
    const file = new File(['%PDF-1.7'], 'copia.pdf', { type: 'application/pdf' });
    await user.upload(within(check).getByLabelText('Seleccionar un PDF'), file);
    expect(await within(check).findByRole('status')).toHaveTextContent(
      /Este PDF no coincide con el original sellado\./,
    );
    expect(within(check).getByText(/^SHA-256 de copia\.pdf:/)).toBeInTheDocument();
  });

  it('leaves no text of the page outside the catalogues but the document’s own (pseudo-locale)', async () => {
    renderVerify(await loadSignerMessages('en-XA'));
    await screen.findByRole('heading', { name: 'Structural Engineering Agreement' });
    // The document's title, the hash, the recorded events' times and the heading's icon are its own.
    const notOurs = ['h2[id$="-doc"]', '.sg-verify__hash', 'time', '[aria-hidden="true"]'];
    expect(textNotPseudoLocalised(document.querySelector('.sg-verify')!, notOurs)).toEqual([]);
  });
});
