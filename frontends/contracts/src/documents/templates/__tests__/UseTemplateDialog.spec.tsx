import type { DocumentDraft, DocumentTemplateSummary } from '@prosign/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { fakeApi, type Handler } from '../../../test-support/fake-api';
import { UseTemplateDialog } from '../UseTemplateDialog';

const TEMPLATE: DocumentTemplateSummary = {
  id: 't1',
  name: 'Engineering services',
  version: 2,
  fileName: 'services.pdf',
  pageCount: 3,
  fieldCount: 6,
  roles: [
    { id: 'signer-1', name: 'Client' },
    { id: 'firm', name: 'Engineer of record' },
  ],
  archived: false,
  updatedAt: '2026-12-01T10:00:00.000Z',
  updatedBy: 'casey@prosign.example',
};
const DRAFTS = 'POST /api/documents/templates/t1/drafts';

function WhereAmI() {
  const location = useLocation();
  return <p>Builder at {`${location.pathname}${location.search}`}</p>;
}

function renderDialog(routes: Record<string, Handler>, onClose = jest.fn()) {
  const api = fakeApi(routes, (children) => (
    <MemoryRouter initialEntries={['/documents/templates']}>
      <Routes>
        <Route path="/documents/templates" element={children} />
        <Route path="/documents/new" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>
  ));
  render(<UseTemplateDialog template={TEMPLATE} onClose={onClose} />, { wrapper: api.wrapper });
  return { ...api, onClose };
}

const roleGroup = (name: string) => screen.getByRole('group', { name });

async function fillRole(name: string, person: { name: string; email: string }) {
  const user = userEvent.setup();
  const group = roleGroup(name);
  await user.type(within(group).getByRole('textbox', { name: 'Name' }), person.name);
  await user.type(within(group).getByRole('textbox', { name: 'E-mail' }), person.email);
}

describe('using a template', () => {
  it('asks a name and an e-mail for each role, then opens the builder on the new draft', async () => {
    const { calls } = renderDialog({
      [DRAFTS]: () => ({ id: 'draft-9' }) as DocumentDraft,
    });
    expect(screen.getByRole('dialog', { name: 'Use “Engineering services”' })).toBeInTheDocument();
    await fillRole('Client', { name: ' Ann Lee ', email: 'ann@client.test' });
    await fillRole('Engineer of record', { name: 'Pat Eng', email: 'pat@prosign.example' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open in the builder' }));
    expect(await screen.findByText('Builder at /documents/new?draft=draft-9')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      version: 2,
      people: {
        'signer-1': { name: 'Ann Lee', email: 'ann@client.test' },
        firm: { name: 'Pat Eng', email: 'pat@prosign.example' },
      },
    });
  });

  it('names each missing name or e-mail by its role and sends nothing', async () => {
    const { calls } = renderDialog({ [DRAFTS]: () => ({ id: 'draft-9' }) });
    await fillRole('Client', { name: 'Ann Lee', email: 'ann@' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open in the builder' }));
    expect(
      within(roleGroup('Client')).getByRole('textbox', { name: 'E-mail' }),
    ).toHaveAccessibleDescription('“Client” needs an e-mail address.');
    const engineer = roleGroup('Engineer of record');
    expect(within(engineer).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      '“Engineer of record” needs a name.',
    );
    expect(calls).toEqual([]);
  });

  it('shows each reason the server refused and stays open', async () => {
    const { onClose } = renderDialog({
      [DRAFTS]: () => {
        throw { statusCode: 409, message: 'This template is archived: restore it to use it.' };
      },
    });
    await fillRole('Client', { name: 'Ann Lee', email: 'ann@client.test' });
    await fillRole('Engineer of record', { name: 'Pat Eng', email: 'pat@prosign.example' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open in the builder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The document could not be made from this template.This template is archived: restore it to use it.',
    );
    expect(screen.getByRole('button', { name: 'Open in the builder' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
