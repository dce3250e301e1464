import { ApiError, ApiProvider, type LinkSigningView } from '@prosign/api-client';
import {
  DOCUMENT_FAMILY_DEFINITION,
  newField,
  SIGNED_FIELD_VALUE,
  type DocumentAttachmentInfo,
  type DocumentSigningView,
  type Field,
} from '@prosign/domain';
import { PdfLoaderProvider, ToastProvider } from '@prosign/ui';
import { expectNoSeriousAxeViolations, fakePdfLoader } from '@prosign/ui/testing';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeClient, TEST_CONFIG, type FakeRoute } from '../../test-support/fake-signing-api';
import { sowLink, UNSAVED_METRICS } from '../../test-support/signer-fixtures';
import { DocumentAgreement } from '../DocumentAgreement';
import type { AttachmentUploader } from '../document-signing-api';
import { readableFieldScale } from '../signing-fields';
import { SAVE_DEBOUNCE_MS } from '../useFieldValues';

jest.mock('../../customer-signing/navigation', () => ({ leaveTo: jest.fn() }));

const ID = 'DOC-4k2';
const ME = 'signer-1';
const FAMILY = DOCUMENT_FAMILY_DEFINITION.id;
const PREFIX = '/api/document';
const LETTER = { width: 612, height: 792, rotation: 0 } as const;

/** The family's calls: the document fields are asked under the family's api prefix. */
const path = (name: string) => `${PREFIX}/${name}/${ID}`;

function documentFields(): Field[] {
  return [
    newField({
      id: 'company',
      kind: 'text',
      page: 1,
      x: 72,
      y: 700,
      recipientId: ME,
      label: 'Company name',
      placeholder: 'As registered',
      maxLength: 40,
    }),
    newField({ id: 'sig', kind: 'signature', page: 1, x: 72, y: 100, recipientId: ME }),
    newField({ id: 'ini', kind: 'initials', page: 2, x: 500, y: 40, recipientId: ME }),
    newField({
      id: 'units',
      kind: 'number',
      page: 2,
      x: 72,
      y: 600,
      recipientId: ME,
      label: 'Units',
    }),
    newField({
      id: 'insurance',
      kind: 'attachment',
      page: 2,
      x: 72,
      y: 300,
      recipientId: ME,
      label: 'Insurance certificate',
      allowedTypes: ['application/pdf'],
      maxBytes: 1024,
    }),
    newField({
      id: 'plan',
      kind: 'dropdown',
      page: 2,
      x: 300,
      y: 600,
      recipientId: ME,
      options: ['Basic', 'Full'],
      required: false,
    }),
    newField({ id: 'dated', kind: 'dateSigned', page: 1, x: 300, y: 100, recipientId: ME }),
    newField({
      id: 'engineer',
      kind: 'signature',
      page: 1,
      x: 300,
      y: 160,
      recipientId: 'signer-2',
    }),
    newField({ id: 'firm', kind: 'signature', page: 2, x: 300, y: 40, recipientId: 'firm' }),
  ];
}

function signingView(overrides: Partial<DocumentSigningView> = {}): DocumentSigningView {
  return {
    title: 'Subcontractor agreement',
    fileName: 'subcontract.pdf',
    pdfUrl: path('pdf'),
    pages: [LETTER, LETTER],
    fields: documentFields(),
    recipientId: ME,
    recipients: [
      { id: ME, name: 'Mei Lin', role: 'signer', signed: false },
      { id: 'signer-2', name: 'Ann Lee', role: 'signer', signed: false },
      { id: 'firm', name: 'Raj Patel', role: 'countersigner', signed: true },
    ],
    values: {},
    attachments: {},
    timeZone: 'America/Los_Angeles',
    ...overrides,
  };
}

function api(document: DocumentSigningView, routes: Record<string, FakeRoute> = {}) {
  return fakeClient({
    [`GET ${path('fields')}`]: () => document,
    [`PUT ${path('field-values')}`]: ({ body }) => ({
      values: (body as { values: object }).values,
      progress: { done: 0, required: 0 },
    }),
    [`POST ${path('upload-text-signature')}`]: () => ({
      message: 'Signature uploaded successfully!',
      metrics: { ...UNSAVED_METRICS, isSignatureSaved: true, signature: 'Mei Lin' },
    }),
    [`POST ${path('finish')}`]: () => ({ status: 'signed', signedDocLink: null, verifyId: null }),
    ...routes,
  });
}

interface RenderOptions {
  document?: DocumentSigningView;
  routes?: Record<string, FakeRoute>;
  view?: LinkSigningView;
  upload?: AttachmentUploader;
}

function renderDocument(options: RenderOptions = {}) {
  const fake = api(options.document ?? signingView(), options.routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiProvider config={TEST_CONFIG} client={fake.client} queryClient={queryClient}>
      <ToastProvider>
        <PdfLoaderProvider loader={fakePdfLoader(2)}>
          <DocumentAgreement
            family={FAMILY}
            customId={ID}
            view={options.view ?? sowLink({ customId: ID })}
            captchaHeaders={{ 'X-Captcha-Pass': 'pass-1' }}
            sealedCopy={{ signedDocLink: null, verifyId: null, wait: null }}
            onCompleted={jest.fn()}
            uploadAttachment={options.upload}
          />
        </PdfLoaderProvider>
      </ToastProvider>
    </ApiProvider>,
  );
  return fake;
}

/** Each PUT of the values: what it gives (the fields it sends null are left out). */
const saves = (calls: { method: string; path: string; body?: unknown }[]) =>
  calls
    .filter((call) => call.method === 'PUT')
    .map((call) =>
      Object.fromEntries(
        Object.entries((call.body as { values: Record<string, unknown> }).values).filter(
          ([, value]) => value !== null,
        ),
      ),
    );

function phoneScreen(matches: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: matches && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});

beforeEach(() => phoneScreen(false));

describe('DocumentAgreement: the fields over the pages', () => {
  it('names each of the signer’s inputs by label, kind, page and need', async () => {
    renderDocument();
    const company = await screen.findByRole('textbox', {
      name: 'Company name, text, page 1, required',
    });
    expect(company).toHaveAttribute('placeholder', 'As registered');
    expect(company).toHaveAttribute('maxlength', '40');
    expect(screen.getByRole('textbox', { name: 'Units, number, page 2, required' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Dropdown, page 2, optional' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Signature, page 1, required' })).toHaveTextContent(
      'Sign',
    );
    expect(
      screen.getByLabelText('Date signed, page 1, required, filled when you finish'),
    ).toBeVisible();
    await expectNoSeriousAxeViolations();
  });

  it('shows the fields of others who have not signed as “for {name}”, and nothing over those who did', async () => {
    renderDocument();
    const page1 = await screen.findByRole('group', { name: 'Page 1 of 2' });
    expect(within(page1).getByText(/for Ann Lee/)).toBeVisible();
    const page2 = screen.getByRole('group', { name: 'Page 2 of 2' });
    // The firm's countersigner finished: their signature is drawn in the PDF itself.
    expect(within(page2).queryByText(/for Raj Patel/)).not.toBeInTheDocument();
    expect(within(page1).queryByRole('textbox', { name: /Ann Lee/ })).not.toBeInTheDocument();
  });

  it('guides through the required fields in reading order with the progress, and saves as they are given', async () => {
    const user = userEvent.setup();
    const fake = renderDocument();
    expect(await screen.findByText('0 of 5 required')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next field' }));
    const company = screen.getByRole('textbox', { name: 'Company name, text, page 1, required' });
    await waitFor(() => expect(company).toHaveFocus());
    await user.type(company, 'Acme Shoring');
    expect(screen.getByText('1 of 5 required')).toBeVisible();

    // Enter moves on, as Next field does: the signature, lower on page 1.
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Signature, page 1, required' })).toHaveFocus(),
    );

    // One save for the typed words, a moment after the last key.
    await waitFor(() => expect(saves(fake.calls)).toEqual([{ company: 'Acme Shoring' }]), {
      timeout: SAVE_DEBOUNCE_MS + 1500,
    });
    expect(screen.getByText('Saved')).toBeVisible();
    expect(fake.calls.find((call) => call.method === 'PUT')?.headers).toEqual({
      'X-Captcha-Pass': 'pass-1',
    });
  });

  it('restores the values saved before, and counts them', async () => {
    renderDocument({
      document: signingView({ values: { company: 'Acme Shoring', units: '12' } }),
    });
    expect(
      await screen.findByRole('textbox', { name: 'Company name, text, page 1, required' }),
    ).toHaveValue('Acme Shoring');
    expect(screen.getByRole('textbox', { name: 'Units, number, page 2, required' })).toHaveValue(
      '12',
    );
    expect(screen.getByText('2 of 5 required')).toBeVisible();
  });

  it('clears a saved value on the server when the signer empties the field', async () => {
    const user = userEvent.setup();
    const fake = renderDocument({ document: signingView({ values: { units: '12' } }) });
    await user.clear(
      await screen.findByRole('textbox', { name: 'Units, number, page 2, required' }),
    );
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'PUT')).toBe(true), {
      timeout: SAVE_DEBOUNCE_MS + 1500,
    });
    const put = fake.calls.find((call) => call.method === 'PUT');
    expect((put?.body as { values: Record<string, unknown> }).values).toMatchObject({
      units: null,
    });
  });

  it('says what is wrong with a value, and does not count or save it', async () => {
    const user = userEvent.setup();
    const fake = renderDocument();
    const units = await screen.findByRole('textbox', { name: 'Units, number, page 2, required' });
    await user.type(units, 'a dozen');
    expect(units).toHaveAttribute('aria-invalid', 'true');
    const problem = '“Units” on page 2 takes a number, like 1,200.50.';
    expect(screen.getByRole('alert')).toHaveTextContent(problem);
    expect(units).toHaveAccessibleDescription(problem);
    expect(screen.getByText('0 of 5 required')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Saving…')).not.toBeInTheDocument(), {
      timeout: SAVE_DEBOUNCE_MS + 1500,
    });
    expect(saves(fake.calls)).toEqual([]);
  });
});

describe('DocumentAgreement: the signature', () => {
  it('asks for the signature once, then shows it in every signature and initials field and saves them signed', async () => {
    const user = userEvent.setup();
    const fake = renderDocument();
    await user.click(await screen.findByRole('button', { name: 'Signature, page 1, required' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByRole('button', { name: 'Signature, page 1, required, signed' }),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Initials, page 2, required, signed' }),
    ).toBeVisible();
    expect(screen.getByText('2 of 5 required')).toBeVisible();
    expect(fake.calls.find((call) => call.path === path('upload-text-signature'))?.body).toEqual({
      textSignature: 'Mei Lin',
    });
    await waitFor(
      () =>
        expect(saves(fake.calls)).toEqual([{ sig: SIGNED_FIELD_VALUE, ini: SIGNED_FIELD_VALUE }]),
      { timeout: SAVE_DEBOUNCE_MS + 1500 },
    );
  });

  it('shows a signature adopted before as signed in every such field', async () => {
    renderDocument({
      view: sowLink({
        customId: ID,
        metrics: { ...UNSAVED_METRICS, isSignatureSaved: true, signature: 'Mei Lin' },
      }),
    });
    expect(
      await screen.findByRole('button', { name: 'Initials, page 2, required, signed' }),
    ).toHaveTextContent('M.L.');
  });
});

describe('DocumentAgreement: finishing', () => {
  it('names each required field left empty and moves to the first, without finishing', async () => {
    const user = userEvent.setup();
    const fake = renderDocument({ document: signingView({ values: { company: 'Acme' } }) });
    await screen.findByText('1 of 5 required');
    await user.click(screen.getByRole('button', { name: 'Agree and Finish' }));

    const missing = await screen.findByRole('alert');
    expect(
      within(missing)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'The signature field on page 1',
      '“Units” on page 2',
      '“Insurance certificate” on page 2',
      'The initials field on page 2',
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Signature, page 1, required' })).toHaveFocus(),
    );
    expect(fake.calls.some((call) => call.path === path('finish'))).toBe(false);

    // Each named field is a way to it.
    await user.click(within(missing).getByRole('button', { name: '“Units” on page 2' }));
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: 'Units, number, page 2, required' }),
      ).toHaveFocus(),
    );
  });

  it('shows the server’s refusal of the finish, naming what it misses', async () => {
    const user = userEvent.setup();
    const done = {
      company: 'Acme',
      units: '3',
      insurance: 'att-1',
      sig: SIGNED_FIELD_VALUE,
      ini: SIGNED_FIELD_VALUE,
    };
    renderDocument({
      document: signingView({ values: done }),
      view: sowLink({
        customId: ID,
        metrics: { ...UNSAVED_METRICS, isSignatureSaved: true, signature: 'Mei Lin' },
      }),
      routes: {
        [`POST ${path('finish')}`]: () => {
          throw new ApiError(400, 'Fill in “Insurance certificate” on page 2.', 'Bad Request');
        },
      },
    });
    expect(await screen.findByText('All 5 required done')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Agree and Finish' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Agree and Finish' }));
    expect(
      await screen.findAllByText('Fill in “Insurance certificate” on page 2.'),
    ).not.toHaveLength(0);
  });
});

describe('DocumentAgreement: attachments', () => {
  const pdf = (bytes: number, name = 'insurance.pdf', type = 'application/pdf') =>
    new File(['x'.repeat(bytes)], name, { type });
  const chooser = () =>
    screen.getByLabelText('Choose a file for Insurance certificate, attachment, page 2, required');

  it('refuses a file of another type or too large before sending it', async () => {
    const upload = jest.fn<ReturnType<AttachmentUploader>, Parameters<AttachmentUploader>>();
    renderDocument({ upload });
    await screen.findByText('0 of 5 required');

    fireEvent.change(chooser(), { target: { files: [pdf(10, 'photo.gif', 'image/gif')] } });
    expect(
      await screen.findByText('“Insurance certificate” on page 2 takes application/pdf files.'),
    ).toBeInTheDocument();
    fireEvent.change(chooser(), { target: { files: [pdf(4096)] } });
    expect(
      await screen.findByText('“Insurance certificate” on page 2 takes files of at most 1 KB.'),
    ).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads with its progress, shows the file, counts it and lets it be replaced', async () => {
    let finishUpload: (info: DocumentAttachmentInfo) => void = () => undefined;
    const upload: AttachmentUploader = (_fieldId, _file, onProgress) => {
      onProgress(0.4);
      return new Promise((resolve) => {
        finishUpload = resolve;
      });
    };
    const fake = renderDocument({ upload });
    await screen.findByText('0 of 5 required');
    fireEvent.change(chooser(), { target: { files: [pdf(100)] } });
    expect(await screen.findByRole('progressbar', { name: 'Uploading 40%' })).toBeVisible();

    await act(async () =>
      finishUpload({
        id: 'att-1',
        fieldId: 'insurance',
        name: 'insurance.pdf',
        type: 'application/pdf',
        bytes: 100,
        sha256: 'ab'.repeat(32),
      }),
    );
    expect(
      screen.getByRole('button', {
        name: 'Insurance certificate, attachment, page 2, required, insurance.pdf attached: replace it',
      }),
    ).toBeEnabled();
    expect(screen.getByText('1 of 5 required')).toBeVisible();
    await waitFor(() => expect(saves(fake.calls)).toEqual([{ insurance: 'att-1' }]), {
      timeout: SAVE_DEBOUNCE_MS + 1500,
    });
  });

  it('shows the server’s reason for refusing a file', async () => {
    const upload: AttachmentUploader = () =>
      Promise.reject(
        new ApiError(400, 'The file is not a PDF, whatever its name says.', 'Bad Request'),
      );
    renderDocument({ upload });
    await screen.findByText('0 of 5 required');
    fireEvent.change(chooser(), { target: { files: [pdf(100)] } });
    expect(
      await screen.findByText('The file is not a PDF, whatever its name says.'),
    ).toBeInTheDocument();
    expect(screen.getByText('0 of 5 required')).toBeVisible();
  });
});

describe('DocumentAgreement: on a phone', () => {
  it('zooms the page until the field the guide moves to reads at 16 px', async () => {
    phoneScreen(true);
    const user = userEvent.setup();
    renderDocument();
    await screen.findByText('0 of 5 required');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zoom in' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next field' }));
    const company = documentFields()[0];
    // jsdom lays nothing out: the page's fit scale is 1 point per pixel, so the zoom is the scale.
    const expected = `${Math.round(readableFieldScale(company, LETTER) * 100)}%`;
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Zoom' })).toHaveTextContent(expected),
    );
  });
});

describe('DocumentAgreement: loading', () => {
  it('says the document could not be opened, and opens it on Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const document = signingView();
    renderDocument({
      routes: {
        [`GET ${path('fields')}`]: () => {
          if (fail) throw new ApiError(503, 'Service Unavailable', 'Error');
          return document;
        },
      },
    });
    expect(await screen.findByText('The document could not be opened')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('0 of 5 required')).toBeVisible();
  });
});
