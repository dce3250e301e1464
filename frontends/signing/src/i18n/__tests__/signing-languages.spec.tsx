import type { AgreementReading, SignerMessages } from '@prosign/domain';
import { SignerMessagesProvider, useSignerMessages } from '@prosign/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { CompletionModal } from '../../components/modals/CompletionModal';
import { EditModal } from '../../components/modals/EditModal';
import { DeclineModal } from '../../components/modals/DeclineModal';
import { HandoverModal } from '../../components/modals/HandoverModal';
import { InitialsModal } from '../../components/modals/InitialsModal';
import { SignatureModal } from '../../components/modals/SignatureModal';
import { useSigningTexts } from '../../components/modals/signing-texts';
import { SigningAgreement, useAgreementViewer } from '../../components/SigningAgreement';
import { FieldGuide } from '../../document-signing/FieldGuide';
import { fakeClient, renderRoute } from '../../test-support/fake-signing-api';
import { textNotPseudoLocalised } from '../../test-support/pseudo-locale-walk';
import { loadSignerMessages } from '../load-signer-messages';
import { LANGUAGE_STORAGE_KEY } from '../signer-language';
import { SignerLanguageProvider, SignerLanguageSlot } from '../SignerLanguageProvider';

/** The agreement's own words: English whatever the page's language. */
const READING: AgreementReading = {
  title: 'Professional Engineering Services Agreement',
  subtitle: 'Effective Date: March 14, 2026',
  letterhead: { firmName: 'Bay Structural Engineers', lines: [] },
  pageCount: 2,
  sections: [
    {
      key: 'scope',
      number: 1,
      heading: 'Scope of Services',
      page: 1,
      blocks: [{ type: 'paragraph', text: 'The engineer designs the beam.', page: 1 }],
    },
  ],
  signatureBlock: {
    page: 2,
    firm: { name: 'Dana Lee, P.E.', title: 'Principal Engineer', firmName: 'Bay Structural' },
    clientLabel: 'Client',
    clientName: 'Jane Doe',
  },
  marks: [
    { kind: 'initials', page: 1 },
    { kind: 'signature', page: 2 },
    { kind: 'signedDate', page: 2 },
  ],
};

/** Not ours to translate: the agreement (marked with its language), names, the language list. */
const NOT_OURS = ['[lang="en"]', '[translate="no"]', '.sg-language__select'];

function Agreement() {
  const viewer = useAgreementViewer();
  const messages = useSignerMessages();
  const texts = useSigningTexts();
  return (
    <SigningAgreement
      viewer={viewer}
      docLink="http://api.test/api/documents/d/doc-1/view"
      agreementTitle="Structural Engineering Agreement"
      readingLink="http://api.test/api/documents/d/doc-1/reading"
      summary={
        <FieldGuide
          empty={false}
          progress={{ done: 1, required: 3 }}
          hasNext
          onNext={() => undefined}
          saveStatus={{ kind: 'saved' }}
          onRetrySave={() => undefined}
          currentProblem={null}
          missing={null}
          finishRefusal={null}
          onGoTo={() => undefined}
        />
      }
      saved={false}
      signed={false}
      onAgreeAndFinish={() => undefined}
      finishHint={messages.format('customer.finishHint')}
      signActions={
        <button type="button" className="ps-button ps-button--primary">
          {texts.signAndAddInitials}
        </button>
      }
      finishing={false}
      completed={false}
      onDecline={() => Promise.resolve()}
      onHandOver={() => Promise.resolve()}
      expiresAt="2026-12-27T18:30:00Z"
    />
  );
}

function renderIn(messages: SignerMessages, page: ReactNode) {
  return renderRoute(<SignerMessagesProvider messages={messages}>{page}</SignerMessagesProvider>, {
    path: '/',
    pattern: '/',
    client: fakeClient({}).client,
  });
}

const closed = () => undefined;

/** Each dialog of the signing steps, open. */
const DIALOGS: Array<[string, ReactNode]> = [
  [
    'signature',
    <SignatureModal
      key="signature"
      open
      fullName="Jane Doe"
      modes={['typed', 'drawn', 'upload']}
      onSave={closed}
      onClose={closed}
    />,
  ],
  [
    'initials',
    <InitialsModal key="initials" open initials="J.D." onSave={closed} onClose={closed} />,
  ],
  ['edit', <EditModal key="edit" open onEdit={closed} onClose={closed} />],
  [
    'decline',
    <DeclineModal key="decline" open onDecline={() => Promise.resolve()} onClose={closed} />,
  ],
  [
    'hand-over',
    <HandoverModal key="handover" open onHandOver={() => Promise.resolve()} onClose={closed} />,
  ],
  ['completion', <CompletionModal key="completion" open progress={null} onClose={closed} />],
];

let spanish: SignerMessages;
let pseudo: SignerMessages;
beforeAll(async () => {
  spanish = await loadSignerMessages('es');
  pseudo = await loadSignerMessages('en-XA');
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
});

beforeEach(() => {
  // A phone: the reading view is the default.
  window.matchMedia = ((query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  global.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    json: async () => READING,
  })) as unknown as typeof fetch;
  Element.prototype.scrollTo = jest.fn() as unknown as Element['scrollTo'];
  Element.prototype.scrollIntoView = jest.fn();
});

describe('the signing steps in Spanish', () => {
  it('reads the agreement’s frame, guide and reading view in Spanish, the agreement itself in English', async () => {
    renderIn(spanish, <Agreement />);
    expect(
      screen.getByText(
        'Antes de continuar, le recomendamos que dedique un momento a revisar el contrato completo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Este enlace vence el 2026-12-27 10:30 PST.')).toBeInTheDocument();
    expect(screen.getByText('1 de 3 obligatorios')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Campo siguiente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aceptar y finalizar' })).toBeDisabled();
    expect(
      screen.getByText(
        'Primero agregue su firma y sus iniciales; después podrá aceptar y finalizar.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Firmar y agregar iniciales' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rechazar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transferir' })).toBeInTheDocument();
    const region = await screen.findByRole('region', {
      name: 'El contrato: Structural Engineering Agreement',
    });
    expect(within(region).getByText('Página 1 de 2')).toBeInTheDocument();
    expect(within(region).getByText('Sus iniciales para la página 1')).toBeInTheDocument();
    expect(within(region).getByText('Aquí va su firma')).toBeInTheDocument();
    // The agreement's words stay as written, and say so to a screen reader.
    const witness = within(region).getByText('The engineer designs the beam.');
    expect(witness.closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(within(region).getByText('Aquí va su firma')).toHaveAttribute('lang', 'es');
    const jump = screen.getByRole('combobox', { name: 'Ir a' });
    expect(
      within(jump).getByRole('option', { name: '1. Scope of Services (página 1)' }),
    ).toBeInTheDocument();
    expect(within(jump).getByRole('option', { name: 'Su firma (página 2)' })).toBeInTheDocument();
  });

  it('asks for the signature and the initials in Spanish', () => {
    renderIn(spanish, DIALOGS[0][1]);
    const signature = screen.getByRole('dialog', { name: 'Firme el contrato' });
    expect(within(signature).getByRole('button', { name: 'Dibujar' })).toBeInTheDocument();
    expect(within(signature).getByLabelText('Revise y actualice su firma')).toHaveValue('Jane Doe');
    expect(within(signature).getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(
      within(signature).getByRole('button', { name: 'Cerrar el cuadro de diálogo' }),
    ).toBeInTheDocument();
  });

  it('asks for the initials and the consent in Spanish, and refuses without it', async () => {
    const user = userEvent.setup();
    renderIn(spanish, DIALOGS[1][1]);
    const initials = screen.getByRole('dialog', { name: 'Agregue sus iniciales' });
    expect(within(initials).getByLabelText('Acepto los términos y condiciones.')).not.toBeChecked();
    await user.click(within(initials).getByRole('button', { name: 'Guardar iniciales' }));
    expect(
      await within(initials).findByText('Acepte los términos y condiciones antes de continuar.'),
    ).toBeInTheDocument();
  });

  it('counts a decline’s reason and refuses a hand-over without a name, in Spanish', async () => {
    const user = userEvent.setup();
    const { unmount } = renderIn(spanish, DIALOGS[3][1]);
    const decline = screen.getByRole('dialog', { name: 'Rechazar este contrato' });
    await user.type(within(decline).getByLabelText('Su motivo'), 'Precio');
    expect(within(decline).getByText('6 / 1,000 caracteres')).toBeInTheDocument();
    unmount();
    renderIn(spanish, DIALOGS[4][1]);
    const handover = screen.getByRole('dialog', {
      name: 'Transferir a la persona que debe firmar',
    });
    await user.click(within(handover).getByRole('button', { name: 'Transferir' }));
    expect(
      await within(handover).findByText('Escriba el nombre completo de la persona que firma.'),
    ).toBeInTheDocument();
  });
});

describe('the page’s language', () => {
  function renderPage(search: string) {
    window.history.replaceState(null, '', `/tok-1${search}`);
    return renderRoute(
      <SignerLanguageProvider>
        <SignerLanguageSlot />
        <Agreement />
      </SignerLanguageProvider>,
      { path: '/', pattern: '/', client: fakeClient({}).client },
    );
  }

  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it('opens in the link’s ?lang=, keeps it for the session, says which language governs, and switches back', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage('?docLink=x&lang=es');
    const language = await screen.findByRole('combobox', { name: 'Idioma' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Español']);
    expect(language).toHaveValue('es');
    expect(document.documentElement.lang).toBe('es');
    expect(
      screen.getByText(
        'Este contrato está redactado en inglés. Prevalece el texto en inglés; esta página está traducida para ayudarle a leerlo y firmarlo.',
      ),
    ).toBeInTheDocument();
    unmount();

    // The page moved on without the query: the session's language stays.
    renderPage('');
    const again = await screen.findByRole('combobox', { name: 'Idioma' });
    await user.selectOptions(again, 'en');
    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(
      screen.getByText(
        'Before proceeding, we encourage you to take a moment to review the entire agreement.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/governs/)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('stays in English, with a warning, for a language without a catalogue', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const messages = await loadSignerMessages('fr');
      expect(messages.language).toBe('en');
      expect(messages.format('signing.agreeAndFinish')).toBe('Agree and Finish');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('no "fr" catalogue'));
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the pseudo-locale walk', () => {
  it('leaves no text of the agreement’s frame, guide or reading view outside the catalogues', async () => {
    renderIn(pseudo, <Agreement />);
    await screen.findByRole('region', { name: /⟦/ });
    await waitFor(() => expect(document.querySelector('[data-mark="signature"]')).not.toBeNull());
    expect(textNotPseudoLocalised(document.body, NOT_OURS)).toEqual([]);
  });

  it.each(DIALOGS)('leaves no text of the %s dialog outside the catalogues', (_name, dialog) => {
    renderIn(pseudo, dialog);
    expect(screen.getByRole('dialog', { name: /^⟦/ })).toBeInTheDocument();
    expect(textNotPseudoLocalised(document.body, NOT_OURS)).toEqual([]);
  });
});
