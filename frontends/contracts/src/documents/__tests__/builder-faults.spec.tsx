import { newField } from '@prosign/domain';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DRAFT_ID,
  draftOf,
  draftRoutes,
  installBuilderDom,
  renderBuilderPage,
  uploaded,
} from '../../test-support/document-builder';
import { xhrPdfUploader } from '../upload/upload-pdf';

installBuilderDom();

const LETTER = { width: 612, height: 792, rotation: 0 as const };

describe('the builder’s fixed faults', () => {
  it('moves a field to another page when a mouse drag lets go over it, as one undo step', async () => {
    const text = newField({
      id: 'f1',
      kind: 'text',
      page: 1,
      x: 100,
      y: 692,
      recipientId: 'signer-1',
    });
    const upload = uploaded([text], { pageCount: 2, pages: [LETTER, LETTER] });
    renderBuilderPage(
      () => Promise.reject(new Error('no upload')),
      draftRoutes(draftOf(upload)).routes,
      `/documents/new?draft=${DRAFT_ID}`,
      2,
    );
    const field = await screen.findByRole('button', { name: /^Text field, page 1, for Signer 1$/ });
    // Taken 10 px right of its page's left edge (page 1 is at 300,0; page 2 at 300,800)…
    fireEvent.pointerDown(field, { button: 0, pointerId: 1, clientX: 310, clientY: 100 });
    fireEvent.pointerMove(field, { pointerId: 1, clientX: 350, clientY: 500 });
    // …and let go 200 px into page 2: the field's top-left corner 40 right, 200 down on it.
    fireEvent.pointerUp(field, { pointerId: 1, clientX: 350, clientY: 1000 });
    const moved = await screen.findByRole('button', { name: /^Text field, page 2, for Signer 1$/ });
    expect(moved.style.left).toBe(`${(40 / 612) * 100}%`);
    expect(moved.style.top).toBe(`${(100 / 792) * 100}%`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByRole('button', { name: /^Text field, page 1, for Signer 1$/ }),
    ).toBeInTheDocument();
  });
});

describe('xhrPdfUploader', () => {
  const realXhr = window.XMLHttpRequest;
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
  });

  /** An XMLHttpRequest whose send answers `status` with `body`. */
  function answering(status: number, body: object) {
    class FakeXhr {
      status = 0;
      responseText = '';
      upload = { onprogress: null };
      withCredentials = false;
      responseType = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      send() {
        this.status = status;
        this.responseText = JSON.stringify(body);
        setTimeout(() => this.onload?.(), 0);
      }
    }
    window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  }

  const pdf = new File(['%PDF-1.7'], 'lease.pdf', { type: 'application/pdf' });

  it('ends the session when the upload answers 401, as every other call does', async () => {
    answering(401, { statusCode: 401, message: 'Sign in again.', error: 'Unauthorized' });
    const unauthorized = jest.fn();
    await expect(
      xhrPdfUploader('http://api.test', unauthorized)(pdf, () => undefined),
    ).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone when the file is refused', async () => {
    answering(400, { statusCode: 400, message: 'Not a PDF.', error: 'Bad Request' });
    const unauthorized = jest.fn();
    await expect(
      xhrPdfUploader('http://api.test', unauthorized)(pdf, () => undefined),
    ).rejects.toMatchObject({
      message: 'Not a PDF.',
    });
    expect(unauthorized).not.toHaveBeenCalled();
  });
});
