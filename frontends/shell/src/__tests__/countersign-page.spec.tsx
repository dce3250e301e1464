import { SIGNER_MESSAGES } from '@prosign/domain';
import { fakePdfLoader, expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AGREEMENT_ID, AGREEMENT_PATH, answerQueue, countersignView } from './countersign-fixtures';
import { createFakeApi, type FakeApi } from './fake-api';
import { renderShell, setViewportWidth } from './render-shell';

const SAVED = {
  isSignatureSaved: true,
  isSigned: false,
  signature: 'Dana Whitfield',
  initials: 'DW',
};
const SIGNED_PDF = 'http://api.test/api/documents/d/signed-1/view';

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.clear();
});

/** An API where the admin countersigns one agreement; the view can be replaced by a test. */
function countersignApi(view = countersignView()) {
  const api = createFakeApi();
  answerQueue(api, []);
  api.on('POST', `${AGREEMENT_PATH}/open`, () => ({ status: 200, body: view }));
  api.on('POST', `${AGREEMENT_PATH}/signature`, (call) => ({
    status: 200,
    body: {
      message: 'Signature uploaded successfully!',
      metrics: { ...SAVED, signature: (call.body as { textSignature: string }).textSignature },
    },
  }));
  api.on('DELETE', `${AGREEMENT_PATH}/signature`, () => ({
    status: 200,
    body: { message: 'Your signature and initials were cleared.', metrics: view.metrics },
  }));
  return api;
}

async function openPage(api: FakeApi) {
  const pdf = fakePdfLoader(2);
  const utils = await renderShell(`/countersign/${AGREEMENT_ID}`, { api, pdfLoader: pdf });
  await screen.findByRole('heading', {
    level: 1,
    name: 'Structural Engineering Agreement — 2215 Larkin Street',
  });
  return { ...utils, pdf };
}

const signatureBox = () =>
  screen.getByRole('textbox', { name: /Your signature \(type your full name\)/ });
const consentBox = () =>
  screen.getByRole('checkbox', {
    name: 'I have read the Electronic Signature Consent and Disclosure and agree to sign electronically.',
  });
const finishButton = () => screen.getByRole('button', { name: 'Agree and Finish' });

describe('/countersign/:agreementId', () => {
  it('opens the agreement once, shows the document, the progress, the signature with its preview and the consent', async () => {
    const api = countersignApi();
    const { pdf } = await openPage(api);
    expect(api.callsTo('POST', `${AGREEMENT_PATH}/open`)).toHaveLength(1);
    expect(screen.getByText('2 of 3 signed — waiting for the firm')).toBeInTheDocument();
    expect(screen.getByText(/Contract · the firm’s countersignature/)).toBeInTheDocument();
    await waitFor(() => expect(pdf.opened).toEqual(['http://api.test/api/documents/d/doc-1/view']));
    // The countersigner's name is proposed, and previewed in the signature font.
    expect(signatureBox()).toHaveValue('Dana Whitfield');
    expect(
      screen.getByRole('img', { name: 'Signature preview: Dana Whitfield' }),
    ).toBeInTheDocument();
    const consent = screen.getByRole('region', {
      name: 'Electronic Signature Consent and Disclosure (text)',
    });
    expect(consent).toHaveTextContent('Your right to a paper copy');
    expect(consentBox()).not.toBeChecked();
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
    expect(api.callsTo('POST', `${AGREEMENT_PATH}/open`)).toHaveLength(1);
  });

  it('saves the typed signature, clears it, and finishes only with a saved signature and consent', async () => {
    const user = userEvent.setup();
    const api = countersignApi();
    let release!: () => void;
    const sealing = new Promise<void>((resolve) => (release = resolve));
    api.on('POST', `${AGREEMENT_PATH}/finish`, async () => {
      await sealing;
      return {
        status: 200,
        body: {
          status: 'signed',
          signedAt: '2026-03-05T17:00:00.000Z',
          signedDocLink: SIGNED_PDF,
          auditTrailDocLink: '',
          verifyId: 'v-1',
          progress: null,
        },
      };
    });
    await openPage(api);

    // Agree and Finish says what is missing first.
    await user.click(finishButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Save your signature first.');

    await user.clear(signatureBox());
    await user.type(signatureBox(), 'D. Whitfield');
    expect(
      screen.getByRole('img', { name: 'Signature preview: D. Whitfield' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    expect(api.callsTo('POST', `${AGREEMENT_PATH}/signature`).map((c) => c.body)).toEqual([
      { textSignature: 'D. Whitfield' },
    ]);
    expect(await screen.findByText(/Your signature is saved/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear signature' }));
    expect(api.callsTo('DELETE', `${AGREEMENT_PATH}/signature`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Save signature' })).toBeInTheDocument();
    expect(signatureBox()).toHaveValue('Dana Whitfield');
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    await screen.findByText(/Your signature is saved/);

    await user.click(finishButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please accept the terms and conditions before proceeding.',
    );
    expect(api.callsTo('POST', `${AGREEMENT_PATH}/finish`)).toHaveLength(0);
    await user.click(consentBox());
    await user.click(finishButton());
    expect(api.callsTo('POST', `${AGREEMENT_PATH}/finish`).map((c) => c.body)).toEqual([
      { agreedToTerms: true },
    ]);
    // Sealing takes a few seconds: an overlay says so and nothing can be pressed twice.
    expect(
      await screen.findByRole('dialog', {
        name: 'Signing the agreement…',
      }),
    ).toBeInTheDocument();
    await act(async () => release());
    expect(
      await screen.findByRole('heading', { name: 'You countersigned this agreement' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Download the signed agreement (PDF)' }),
    ).toHaveAttribute('href', SIGNED_PDF);
    expect(screen.getByRole('link', { name: 'Back to Waiting for my signature' })).toHaveAttribute(
      'href',
      '/countersign',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', `${AGREEMENT_PATH}/finish`)).toHaveLength(1);
  });

  it('shows the server’s refusal of a save, and keeps the page when the finish fails', async () => {
    const user = userEvent.setup();
    const api = countersignApi(countersignView({ metrics: SAVED }));
    api.on('POST', `${AGREEMENT_PATH}/finish`, () => ({
      status: 500,
      body: { statusCode: 500, message: 'boom', error: 'Internal Server Error' },
    }));
    await openPage(api);
    expect(screen.getByText(/Your signature is saved/)).toBeInTheDocument();
    await user.click(consentBox());
    await user.click(finishButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
    expect(finishButton()).toBeEnabled();

    api.on('POST', `${AGREEMENT_PATH}/signature`, () => ({
      status: 409,
      body: {
        statusCode: 409,
        message: 'It is not your turn to sign yet: you will get an e-mail when it is.',
        error: 'Conflict',
      },
    }));
    await user.type(signatureBox(), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Save the new signature' }));
    expect(
      await screen.findByText(
        'It is not your turn to sign yet: you will get an e-mail when it is.',
      ),
    ).toBeInTheDocument();
  });

  it('says "No agreement here waits for your signature." for one that is not theirs (404)', async () => {
    const api = createFakeApi();
    answerQueue(api, []);
    api.on('POST', `${AGREEMENT_PATH}/open`, () => ({
      status: 404,
      body: {
        statusCode: 404,
        message: 'No agreement here waits for your signature.',
        error: 'Not Found',
      },
    }));
    await renderShell(`/countersign/${AGREEMENT_ID}`, { api });
    expect(
      await screen.findByRole('heading', { name: 'No agreement here waits for your signature.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agree and Finish' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Back to Waiting for my signature' }),
    ).toBeInTheDocument();
  });

  it('shows the document but no signing steps before every client signed', async () => {
    const api = countersignApi(
      countersignView({
        turn: 'waiting',
        sentAt: null,
        progress: '1 of 3 signed — waiting for Luis Alvarez',
      }),
    );
    await openPage(api);
    expect(screen.getByRole('heading', { name: 'Not your turn yet' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 signed — waiting for Luis Alvarez')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'The agreement' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agree and Finish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it.each([
    ['cancelled', 'This agreement was cancelled: there is nothing to sign.'],
    ['expired', 'This agreement expired before it was signed.'],
  ] as const)('says an agreement whose link is %s cannot be signed', async (linkState, message) => {
    await openPage(countersignApi(countersignView({ linkState })));
    expect(screen.getByRole('heading', { name: message })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agree and Finish' })).not.toBeInTheDocument();
  });

  it('links to the sealed PDF when the firm already signed', async () => {
    await openPage(
      countersignApi(
        countersignView({
          linkState: 'signed',
          status: 'signed',
          signedDocLink: SIGNED_PDF,
          metrics: { ...SAVED, isSigned: true },
        }),
      ),
    );
    const done = screen.getByRole('region', { name: 'You countersigned this agreement' });
    expect(
      within(done).getByRole('link', { name: /Download the signed agreement/ }),
    ).toHaveAttribute('href', SIGNED_PDF);
  });

  describe('the signed copy while the worker seals it', () => {
    const SIGNED_BY_ALL = {
      linkState: 'signed',
      turn: 'signed',
      status: 'signed',
      progress: 'All 3 signed',
      metrics: { ...SAVED, isSigned: true },
    } as const;
    const viewReads = (api: FakeApi) => api.callsTo('GET', AGREEMENT_PATH).length;
    const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
    const preparing = () => screen.queryByText(SIGNER_MESSAGES.signedCopyPreparing);
    const download = () =>
      screen.queryByRole('link', { name: 'Download the signed agreement (PDF)' });

    /** An API whose `GET` view (which counts nothing) answers `sealed.current`. */
    function sealingApi(view = countersignView({ metrics: SAVED })) {
      const api = countersignApi(view);
      const sealed = { current: countersignView({ ...SIGNED_BY_ALL, signedDocLink: null }) };
      api.on('GET', AGREEMENT_PATH, () => ({ status: 200, body: sealed.current }));
      return { api, sealed };
    }

    /** Countersigns on the page; the finish answers before the seal (no PDF links). */
    async function countersign(api: FakeApi, answer: { verifyId: string; progress?: string }) {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      api.on('POST', `${AGREEMENT_PATH}/finish`, () => ({
        status: 200,
        body: {
          status: 'signed',
          signedAt: '2026-03-05T17:00:00.000Z',
          signedDocLink: '',
          auditTrailDocLink: '',
          ...answer,
        },
      }));
      await openPage(api);
      await user.click(consentBox());
      await user.click(finishButton());
      return screen.findByRole('region', { name: 'You countersigned this agreement' });
    }

    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('says it is being prepared after the finish, links to it once sealed, then stops asking', async () => {
      const { api, sealed } = sealingApi();
      const done = await countersign(api, { verifyId: 'v-1' });
      const status = within(done).getByRole('status');
      expect(status).toHaveTextContent(SIGNER_MESSAGES.signedCopyPreparing);
      expect(status).toHaveAttribute('aria-live', 'polite');
      expect(download()).not.toBeInTheDocument();
      const before = viewReads(api);
      await wait(2_000);
      expect(viewReads(api)).toBe(before + 1);
      expect(download()).not.toBeInTheDocument();

      sealed.current = countersignView({ ...SIGNED_BY_ALL, signedDocLink: SIGNED_PDF });
      await wait(2_000);
      expect(
        await screen.findByRole('link', { name: 'Download the signed agreement (PDF)' }),
      ).toHaveAttribute('href', SIGNED_PDF);
      expect(
        screen.getByText('The agreement is signed by everyone and sealed.'),
      ).toBeInTheDocument();
      expect(preparing()).not.toBeInTheDocument();
      const asked = viewReads(api);
      await wait(10_000);
      expect(viewReads(api)).toBe(asked);
      // The first open is the recorded view: it is not asked again.
      expect(api.callsTo('POST', `${AGREEMENT_PATH}/open`)).toHaveLength(1);
    });

    it('on an agreement the firm signed before it was sealed: the status, then after five minutes the mailbox', async () => {
      const { api } = sealingApi(countersignView({ ...SIGNED_BY_ALL, signedDocLink: null }));
      await openPage(api);
      const done = screen.getByRole('region', { name: 'You countersigned this agreement' });
      const status = within(done).getByRole('status');
      expect(status).toHaveTextContent(SIGNER_MESSAGES.signedCopyPreparing);
      expect(within(done).queryByText('All 3 signed')).not.toBeInTheDocument();
      await wait(5 * 60_000);
      expect(status).toHaveTextContent(SIGNER_MESSAGES.signedCopyMailed);
      expect(download()).not.toBeInTheDocument();
      const asked = viewReads(api);
      await wait(10_000);
      expect(viewReads(api)).toBe(asked);
    });

    it('a countersignature that is not the last waits for nobody: the progress, nothing asked again', async () => {
      const { api } = sealingApi();
      const done = await countersign(api, {
        verifyId: '',
        progress: '2 of 3 signed — waiting for Luis Alvarez',
      });
      expect(within(done).getByRole('status')).toHaveTextContent(
        '2 of 3 signed — waiting for Luis Alvarez',
      );
      await wait(10_000);
      expect(viewReads(api)).toBe(0);
      expect(preparing()).not.toBeInTheDocument();
    });
  });

  it('fits a phone: the same steps, labelled', async () => {
    setViewportWidth(390);
    await openPage(countersignApi());
    expect(signatureBox()).toBeInTheDocument();
    expect(consentBox()).toBeInTheDocument();
    expect(finishButton()).toBeInTheDocument();
    await expectNoSeriousAxeViolations(screen.getByRole('main'));
  });
});
