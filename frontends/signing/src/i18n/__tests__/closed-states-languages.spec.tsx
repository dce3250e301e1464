import type { SignerMessages, SigningPageState } from '@prosign/domain';
import { englishSignerMessages, SignerMessagesProvider } from '@prosign/ui';
import { render, screen } from '@testing-library/react';
import { LinkStatePanel } from '../../components/layout/LinkStatePanel';
import { stateTextsIn } from '../../signing-session/state-texts';
import { textNotPseudoLocalised } from '../../test-support/pseudo-locale-walk';
import { loadSignerMessages } from '../load-signer-messages';

const STATES: SigningPageState[] = [
  { kind: 'missing-link' },
  { kind: 'malformed-link' },
  { kind: 'email-code' },
  { kind: 'invalid-token' },
  { kind: 'cancelled' },
  { kind: 'voided' },
  { kind: 'expired' },
  { kind: 'signed' },
  { kind: 'replaced' },
  { kind: 'declined' },
  { kind: 'not-your-turn' },
  { kind: 'handed-over', message: 'This link was handed over to Jane Roe.' },
];

const DETAILS = {
  agreementTitle: 'Structural Engineering Agreement',
  closedAt: '2026-12-07T18:30:00.000Z',
  sender: { name: 'Sam Sender', email: 'sam@bayline.test' },
};

function renderPanel(messages: SignerMessages, state: SigningPageState) {
  return render(
    <SignerMessagesProvider messages={messages}>
      <LinkStatePanel
        state={state}
        details={DETAILS}
        signedDocLink="https://docs.test/signed.pdf"
        verifyHref="/verify/v-1"
      />
    </SignerMessagesProvider>,
  );
}

let spanish: SignerMessages;
let pseudo: SignerMessages;
beforeAll(async () => {
  spanish = await loadSignerMessages('es');
  pseudo = await loadSignerMessages('en-XA');
});

describe('a link that cannot be signed, in the signer’s language', () => {
  it.each(STATES.map((state) => [state.kind, state] as const))(
    'says %s in the same English from the catalogue as before it is loaded',
    (_kind, state) => {
      const loaded = stateTextsIn(englishSignerMessages());
      const before = stateTextsIn(null);
      expect([
        loaded.title(state),
        loaded.message(state),
        loaded.next(state),
        loaded.dateLabel(state),
      ]).toEqual([
        before.title(state),
        before.message(state),
        before.next(state),
        before.dateLabel(state),
      ]);
      expect([
        loaded.panel,
        loaded.document,
        loaded.contact,
        loaded.checkSeal,
        loaded.download,
      ]).toEqual([
        before.panel,
        before.document,
        before.contact,
        before.checkSeal,
        before.download,
      ]);
    },
  );

  it('says an expired link’s facts and next step in Spanish', () => {
    renderPanel(spanish, { kind: 'expired' });
    expect(screen.getByRole('region', { name: 'Qué hacer a continuación' })).toBeInTheDocument();
    expect(
      screen.getByText('Este enlace para firmar venció. Solicite uno nuevo.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Vencido')).toBeInTheDocument();
    expect(screen.getByText('Contacto')).toBeInTheDocument();
    expect(
      screen.getByText(/^Los enlaces para firmar son válidos por un tiempo limitado\./),
    ).toBeInTheDocument();
    expect(stateTextsIn(spanish).title({ kind: 'expired' })).toBe('Enlace vencido');
  });

  it('offers a signed agreement’s copy and seal in Spanish', () => {
    renderPanel(spanish, { kind: 'signed' });
    expect(
      screen.getByRole('link', { name: 'Descargar la copia firmada (PDF)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Comprobar el sello de la copia firmada' }),
    ).toHaveAttribute('href', '/verify/v-1');
  });

  it.each(
    STATES.filter((state) => state.kind !== 'handed-over').map(
      (state) => [state.kind, state] as const,
    ),
  )('leaves no text of the %s panel outside the catalogues (pseudo-locale)', (_kind, state) => {
    renderPanel(pseudo, state);
    // The facts are values (the document's title, a date, an address), not words.
    expect(textNotPseudoLocalised(document.body, ['dd'])).toEqual([]);
  });
});
