import { ApiError } from '@prosign/api-client';
import { newField } from '@prosign/domain';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  draftRoutes,
  installBuilderDom,
  renderBuilderPage,
  setScreenWidth,
  uploaded,
} from '../../test-support/document-builder';
import type { PdfUploader, UploadedPdf } from '../upload/upload-pdf';

installBuilderDom();

const renderPage = (upload: PdfUploader, answer?: UploadedPdf) =>
  renderBuilderPage(upload, draftRoutes(null, answer).routes);

async function pickPdf() {
  const user = userEvent.setup();
  const file = new File(['%PDF-1.7'], 'lease.pdf', { type: 'application/pdf' });
  await user.upload(screen.getByLabelText('PDF file'), file);
  return user;
}

/** Uploads, reads the report, continues to the builder and waits for its page. */
async function openBuilder(answer: UploadedPdf) {
  renderPage(() => Promise.resolve(answer), answer);
  const user = await pickPdf();
  await user.click(await screen.findByRole('button', { name: 'Place fields' }));
  await screen.findByRole('group', { name: 'Page 1 of 1' });
  return user;
}

/** Focus moves the selection (a state update), so it happens inside act. */
const focus = (element: HTMLElement) => act(() => element.focus());

const fieldStyle = (name: RegExp) => screen.getByRole('button', { name }).style;

describe('DocumentBuilderPage', () => {
  it('shows the server’s refusal of the file', async () => {
    renderPage(() =>
      Promise.reject(
        new ApiError(400, 'The PDF is encrypted: remove its password.', 'Bad Request'),
      ),
    );
    await pickPdf();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'lease.pdf was not accepted. The PDF is encrypted: remove its password.',
    );
  });

  it('reports what the intake found, removed and warns of, then continues or cancels', async () => {
    renderPage(() =>
      Promise.resolve(
        uploaded([], {
          report: '12 fields found: 8 from the form, 4 from tags',
          removed: ['JavaScript run when the file opens'],
          warnings: [
            'The PDF carries a digital signature: filling in fields and sealing will invalidate it.',
          ],
        }),
      ),
    );
    const user = await pickPdf();
    expect(
      await screen.findByText(/12 fields found: 8 from the form, 4 from tags/),
    ).toBeInTheDocument();
    expect(screen.getByText('JavaScript run when the file opens')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/will invalidate it/);
    await user.click(screen.getByRole('button', { name: 'Cancel and upload another' }));
    expect(screen.getByLabelText('PDF file')).toBeInTheDocument();
  });

  it('places a field from the palette with the keyboard, on the page and for the chosen signer', async () => {
    const user = await openBuilder(uploaded());
    await user.click(screen.getByRole('button', { name: 'Add a signer' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of signer 2' }), 'Bea Lund');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Placing for' }), 'Bea Lund');
    const palette = screen.getByRole('button', { name: 'Signature field' });
    focus(palette);
    await act(async () => {
      fireEvent.keyDown(palette, { code: 'Space', key: ' ' });
      // The keyboard sensor listens for the arrows from the next task on.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // The first arrow takes it onto the page in view, the next ones move it 25 px each.
    for (const code of ['ArrowRight', 'ArrowRight', 'ArrowDown']) {
      await act(async () => {
        fireEvent.keyDown(palette, { code, key: code });
      });
    }
    await act(async () => {
      fireEvent.keyDown(palette, { code: 'Space', key: ' ' });
    });
    const placed = await screen.findByRole('button', {
      name: /^Signature field, page 1, for Bea Lund$/,
    });
    // Let go 16 + 25 px from the page's left and top edges: one pixel is a point here.
    expect(placed.style.left).toBe(`${(41 / 612) * 100}%`);
    expect(placed.style.top).toBe(`${(41 / 792) * 100}%`);
    await waitFor(() => expect(placed).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Signature field, page 1' })).toBeInTheDocument();
  });

  it('moves a field with the arrow keys, resizes it with Shift, and undoes and redoes', async () => {
    const text = newField({
      id: 'f1',
      kind: 'text',
      page: 1,
      x: 100,
      y: 692,
      recipientId: 'signer-1',
    });
    const user = await openBuilder(uploaded([text]));
    const name = /^Text field, page 1, for Signer 1$/;
    focus(screen.getByRole('button', { name }));
    await user.keyboard('{ArrowRight}');
    expect(fieldStyle(name).left).toBe(`${(102 / 612) * 100}%`);
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(fieldStyle(name).height).toBe(`${(24 / 792) * 100}%`);
    await user.keyboard('{Control>}z{/Control}');
    expect(fieldStyle(name).height).toBe(`${(22 / 792) * 100}%`);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(fieldStyle(name).left).toBe(`${(100 / 612) * 100}%`);
    focus(screen.getByRole('button', { name }));
    await user.keyboard('{Shift>}{Control>}z{/Control}{/Shift}');
    expect(fieldStyle(name).left).toBe(`${(102 / 612) * 100}%`);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(fieldStyle(name).height).toBe(`${(24 / 792) * 100}%`);
    focus(screen.getByRole('button', { name }));
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('moves a field with the mouse as one undo step, and resizes it by its corner', async () => {
    const text = newField({
      id: 'f1',
      kind: 'text',
      page: 1,
      x: 100,
      y: 692,
      recipientId: 'signer-1',
    });
    const user = await openBuilder(uploaded([text]));
    const name = /^Text field, page 1, for Signer 1$/;
    const field = screen.getByRole('button', { name });
    fireEvent.pointerDown(field, { button: 0, pointerId: 1, clientX: 400, clientY: 100 });
    fireEvent.pointerMove(field, { pointerId: 1, clientX: 410, clientY: 100 });
    fireEvent.pointerMove(field, { pointerId: 1, clientX: 430, clientY: 110 });
    fireEvent.pointerUp(field, { pointerId: 1, clientX: 430, clientY: 110 });
    // One pixel is a point on this page: 30 right, 10 down from 78 points below the top.
    expect(fieldStyle(name).left).toBe(`${(130 / 612) * 100}%`);
    expect(fieldStyle(name).top).toBe(`${(88 / 792) * 100}%`);
    const handle = field.querySelector('.ps-doc-field__handle')!;
    fireEvent.pointerDown(handle, { button: 0, pointerId: 2, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(handle, { pointerId: 2, clientX: 20, clientY: 0 });
    fireEvent.pointerUp(handle, { pointerId: 2 });
    expect(fieldStyle(name).width).toBe(`${(200 / 612) * 100}%`);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(fieldStyle(name).left).toBe(`${(100 / 612) * 100}%`);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('lists what stops the send, a field’s problem linked to it', async () => {
    const text = newField({ id: 'f1', kind: 'text', page: 1, x: 100, y: 600 });
    const user = await openBuilder(uploaded([text]));
    const problems = screen.getByRole('region', { name: /Before sending/ });
    expect(
      within(problems).getByText('Signer 1 has no signature field: place one.'),
    ).toBeInTheDocument();
    await user.click(
      within(problems).getByRole('link', {
        name: 'The text field on page 1 is not assigned to anyone.',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Text field, page 1' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Signer' }), 'Signer 1');
    await waitFor(() =>
      expect(within(problems).queryByText(/not assigned to anyone/)).not.toBeInTheDocument(),
    );
  });

  it('has no serious accessibility violations with fields placed', async () => {
    const fields = [
      newField({ id: 'f1', kind: 'signature', page: 1, x: 100, y: 100, recipientId: 'signer-1' }),
      newField({ id: 'f2', kind: 'dropdown', page: 1, x: 100, y: 300, options: ['A', 'B'] }),
    ];
    const user = await openBuilder(uploaded(fields));
    await user.click(screen.getByRole('button', { name: /^Dropdown field, page 1/ }));
    await expectNoSeriousAxeViolations();
  });

  it('only shows the fields on a phone-sized window', async () => {
    setScreenWidth(390);
    const signature = newField({
      id: 'f1',
      kind: 'signature',
      page: 1,
      x: 100,
      y: 100,
      recipientId: 'signer-1',
    });
    await openBuilder(uploaded([signature]));
    expect(screen.getByRole('note')).toHaveTextContent('Placing fields needs a larger screen.');
    expect(screen.queryByRole('button', { name: 'Signature field' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    const field = screen.getByRole('button', { name: /^Signature field, page 1, for Signer 1$/ });
    const before = field.style.left;
    focus(field);
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    expect(field.style.left).toBe(before);
  });
});
