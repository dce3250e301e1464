import { newField, type DocumentDraftSave } from '@prosign/domain';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DRAFT_ID,
  DRAFT_PATH,
  draftOf,
  draftRoutes,
  installBuilderDom,
  renderBuilderPage,
  uploaded,
} from '../../test-support/document-builder';

installBuilderDom();

const signature = newField({
  id: 'f1',
  kind: 'signature',
  page: 1,
  x: 100,
  y: 600,
  recipientId: 'signer-1',
});
const ADA = {
  id: 'signer-1',
  role: 'signer' as const,
  name: 'Ada Byron',
  email: 'ada@client.test',
};
const FIELD_NAME = /^Signature field, page 1, for Ada Byron$/;
const noUpload = () => Promise.reject(new Error('no upload in this test'));

/** Opens `/documents/new?draft=…` on a stored draft with Ada's signature field. */
async function openDraft() {
  const server = draftRoutes(draftOf(uploaded([signature]), { signers: [ADA] }));
  const api = renderBuilderPage(noUpload, server.routes, `/documents/new?draft=${DRAFT_ID}`);
  const field = await screen.findByRole('button', { name: FIELD_NAME });
  return { ...server, calls: api.calls, field };
}

const saves = (calls: { method: string; path: string; body?: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === DRAFT_PATH);

/** Moves the field 2 points right with the keyboard: one change to save. */
const nudge = async (field: HTMLElement) => {
  act(() => field.focus());
  await userEvent.setup().keyboard('{ArrowRight}');
};

describe('document drafts in the builder', () => {
  it('creates a draft from the upload and opens the builder on it', async () => {
    const answer = uploaded([signature]);
    const server = draftRoutes(null, answer);
    const { calls } = renderBuilderPage(() => Promise.resolve(answer), server.routes);
    const user = userEvent.setup();
    const file = new File(['%PDF-1.7'], 'lease.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('PDF file'), file);
    await user.click(await screen.findByRole('button', { name: 'Place fields' }));
    expect(
      await screen.findByRole('button', { name: /^Signature field, page 1, for Signer 1$/ }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ uploadId: 'upload-1' });
    // The created draft is kept: opening its URL read nothing more.
    expect(calls.some((call) => call.method === 'GET' && call.path === DRAFT_PATH)).toBe(false);
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('restores a draft from its URL: the fields and the signers as saved', async () => {
    await openDraft();
    expect(screen.getByRole('textbox', { name: 'Name of signer 1' })).toHaveValue('Ada Byron');
    expect(screen.getByText('lease.pdf')).toBeInTheDocument();
  });

  it('says when the draft cannot be opened', async () => {
    renderBuilderPage(noUpload, draftRoutes(null).routes, `/documents/new?draft=${DRAFT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This draft does not exist, or it is another staff member’s.',
    );
  });

  it('autosaves a change after a pause, over the revision read, and says it is saved', async () => {
    const { calls, field, state } = await openDraft();
    await nudge(field);
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(0);
    await screen.findByText('Saved', undefined, { timeout: 3000 });
    expect(saves(calls)).toHaveLength(1);
    const body = saves(calls)[0].body as DocumentDraftSave;
    expect(body.revision).toBe(1);
    expect(body.placement.fields[0].rect.x).toBe(102);
    expect(body.signers).toEqual([ADA]);
    expect(state.draft?.revision).toBe(2);
  });

  it('tells the user another tab changed the draft (409) and reloads it on request', async () => {
    const { calls, field, state } = await openDraft();
    // Another tab saves first.
    state.draft = { ...state.draft!, revision: 2, signers: [{ ...ADA, name: 'Ada King' }] };
    await nudge(field);
    const status = await screen.findByText(/changed in another tab or window/, undefined, {
      timeout: 3000,
    });
    expect(status).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload the draft' }));
    expect(
      await screen.findByRole('button', { name: /^Signature field, page 1, for Ada King$/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(1);
  });

  it('sends a change still waiting when the builder is left', async () => {
    const { calls, field } = await openDraft();
    await nudge(field);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upload another PDF' }));
    expect(screen.getByLabelText('PDF file')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(1);
  });

  it('offers a retry when a save fails, and saves on it', async () => {
    const { field, state } = await openDraft();
    state.failures = 1;
    await nudge(field);
    await screen.findByText(/Couldn’t save/, undefined, { timeout: 3000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});
