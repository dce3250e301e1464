import {
  newField,
  type DocumentDraft,
  type DocumentTemplate,
  type PlacementRecipient,
} from '@prosign/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { draftOf, uploaded } from '../../../test-support/document-builder';
import { fakeApi, type Handler } from '../../../test-support/fake-api';
import { SaveTemplateDialog } from '../SaveTemplateButton';

const ANN: PlacementRecipient = { id: 'signer-1', role: 'signer', name: 'Ann Lee', email: 'a@c.t' };
const FIRM: PlacementRecipient = { id: 'firm', role: 'countersigner', name: 'Pat', email: 'p@f.t' };
const CC: PlacementRecipient = { id: 'cc-1', role: 'cc', name: 'Bo', email: 'b@c.t' };
const fields = [
  newField({ id: 'a', kind: 'signature', page: 1, x: 72, y: 72, recipientId: 'signer-1' }),
  newField({ id: 'b', kind: 'signature', page: 1, x: 72, y: 300, recipientId: 'firm' }),
];
const placement = { pages: uploaded().pages, fields };

function template(overrides: Partial<DocumentTemplate> = {}): DocumentTemplate {
  return {
    id: 't1',
    name: 'Lien waiver',
    version: 3,
    fileName: 'lease.pdf',
    pageCount: 1,
    fieldCount: 2,
    roles: [
      { id: 'signer-1', name: 'Client' },
      { id: 'firm', name: 'Firm' },
    ],
    archived: false,
    updatedAt: '2026-12-01T10:00:00.000Z',
    updatedBy: 'casey@prosign.example',
    uploadId: 'upload-1',
    placement,
    ...overrides,
  };
}

function renderDialog(
  routes: Record<string, Handler>,
  draft: DocumentDraft,
  status: 'saved' | 'saving' = 'saved',
) {
  const api = fakeApi(routes, (children) => <MemoryRouter>{children}</MemoryRouter>);
  const onSaved = jest.fn();
  render(
    <SaveTemplateDialog
      draft={draft}
      builder={{ recipients: [ANN, FIRM, CC], placement, autosave: { status } }}
      savedAs={null}
      onSaved={onSaved}
      onClose={jest.fn()}
    />,
    { wrapper: api.wrapper },
  );
  return { ...api, onSaved };
}

describe('saving the builder’s document as a template', () => {
  it('names a role for each recipient with fields and saves a new template', async () => {
    const draft = draftOf(uploaded(fields), { signers: [ANN, FIRM, CC] });
    const { calls, onSaved } = renderDialog(
      { 'POST /api/documents/templates': () => template({ version: 1, name: 'Lease' }) },
      draft,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('lease');
    await user.clear(screen.getByRole('textbox', { name: 'Template name' }));
    await user.type(screen.getByRole('textbox', { name: 'Template name' }), 'Lease');
    // The cc only receives a copy: no role to name.
    expect(screen.queryByRole('textbox', { name: 'Role of Bo' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Role of Ann Lee' }), 'Client');
    await user.type(screen.getByRole('textbox', { name: 'Role of Pat' }), 'Firm');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved as version 1 of “Lease”. See the templates',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      draftId: draft.id,
      name: 'Lease',
      roles: [
        { id: 'signer-1', name: 'Client' },
        { id: 'firm', name: 'Firm' },
      ],
    });
    expect(onSaved).toHaveBeenCalledWith({ id: 't1', version: 1, name: 'Lease' });
  });

  it('saves a draft made from a template as the template’s next version, its roles filled in', async () => {
    const draft = draftOf(uploaded(fields), {
      signers: [ANN, FIRM],
      template: { id: 't1', version: 2 },
    });
    const { calls } = renderDialog(
      {
        'GET /api/documents/templates/t1': () => template({ version: 2 }),
        'PUT /api/documents/templates/t1': () => template({ version: 4 }),
      },
      draft,
    );
    expect(
      await screen.findByRole('radio', {
        name: 'A new version of “Lien waiver” (now at version 2)',
      }),
    ).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('Lien waiver');
    expect(screen.getByRole('textbox', { name: 'Role of Ann Lee' })).toHaveValue('Client');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save new version' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved as version 4 of “Lien waiver”.',
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      draftId: draft.id,
      roles: [
        { id: 'signer-1', name: 'Client' },
        { id: 'firm', name: 'Firm' },
      ],
    });
  });

  it('shows each reason the server refused', async () => {
    const draft = draftOf(uploaded(fields), { signers: [ANN, FIRM] });
    renderDialog(
      {
        'POST /api/documents/templates': () => {
          throw { statusCode: 400, message: 'Role 1 has no name: name it ("Client", say).' };
        },
      },
      draft,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The template was not saved.Role 1 has no name: name it ("Client", say).',
    );
  });

  it('waits while the builder’s latest changes are being saved', () => {
    renderDialog({}, draftOf(uploaded(fields), { signers: [ANN, FIRM] }), 'saving');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Saving the builder’s latest changes first…',
    );
    expect(screen.getByRole('button', { name: 'Save template' })).toBeDisabled();
  });
});
