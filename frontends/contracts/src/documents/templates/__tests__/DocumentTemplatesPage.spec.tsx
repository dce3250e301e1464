import type { DocumentTemplateSummary } from '@prosign/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { fakeApi, type Handler } from '../../../test-support/fake-api';
import { DocumentTemplatesPage } from '../DocumentTemplatesPage';

const LIST = 'GET /api/documents/templates';

function summary(overrides: Partial<DocumentTemplateSummary>): DocumentTemplateSummary {
  return {
    id: 't1',
    name: 'Lien waiver',
    version: 1,
    fileName: 'lien-waiver.pdf',
    pageCount: 2,
    fieldCount: 5,
    roles: [
      { id: 'signer-1', name: 'Client' },
      { id: 'firm', name: 'Firm' },
    ],
    archived: false,
    updatedAt: '2026-12-01T10:00:00.000Z',
    updatedBy: 'casey@prosign.example',
    ...overrides,
  };
}

/** The list route over `templates`, filtered as the server does (search, archived). */
function listOf(templates: DocumentTemplateSummary[]): Handler {
  return (_body, query) => {
    const search = String(query.search ?? '').toLowerCase();
    const rows = templates.filter(
      (template) =>
        template.archived === (query.archived === 'true') &&
        `${template.name} ${template.fileName}`.toLowerCase().includes(search),
    );
    return { rows, total: rows.length, totalPages: 1, page: 1, limit: 25 };
  };
}

function renderPage(routes: Record<string, Handler>) {
  const api = fakeApi(routes, (children) => <MemoryRouter>{children}</MemoryRouter>);
  render(<DocumentTemplatesPage />, { wrapper: api.wrapper });
  return api;
}

describe('the document templates list', () => {
  it('says it is loading, then lists each template with its version and roles', async () => {
    renderPage({
      [LIST]: listOf([summary({ version: 3 }), summary({ id: 't2', name: 'Mutual NDA' })]),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading templates…');
    const row = (await screen.findByRole('rowheader', { name: /Lien waiver/ })).closest('tr')!;
    expect(within(row).getByText('Version 3')).toBeInTheDocument();
    expect(within(row).getByText('Client, Firm')).toBeInTheDocument();
    expect(within(row).getByText('lien-waiver.pdf · 2 pages · 5 fields')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Mutual NDA/ })).toBeInTheDocument();
  });

  it('tells a firm with no template how to make one', async () => {
    renderPage({ [LIST]: listOf([]) });
    expect(await screen.findByText(/No templates yet/)).toHaveTextContent(
      'No templates yet. Prepare a document in New document and choose “Save as template”.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches by what is typed and says when nothing matches', async () => {
    const { calls } = renderPage({
      [LIST]: listOf([summary({}), summary({ id: 't2', name: 'Mutual NDA', fileName: 'nda.pdf' })]),
    });
    await screen.findByRole('rowheader', { name: /Mutual NDA/ });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'nda');
    expect(await screen.findByRole('rowheader', { name: /Mutual NDA/ })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /Lien waiver/ })).not.toBeInTheDocument();
    expect(calls.at(-1)?.query).toMatchObject({ search: 'nda', archived: 'false' });
    await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'zzz');
    expect(await screen.findByText('No template matches “ndazzz”.')).toBeInTheDocument();
  });

  it('archives a template, shows the archived ones on request, and restores one', async () => {
    const templates = [summary({}), summary({ id: 't2', name: 'Old W-9', archived: true })];
    /** The server's archive and unarchive: the template's flag set, the summary answered. */
    const setArchived = (id: string, archived: boolean) => () => {
      const template = templates.find((candidate) => candidate.id === id)!;
      template.archived = archived;
      return template;
    };
    renderPage({
      [LIST]: listOf(templates),
      'POST /api/documents/templates/t1/archive': setArchived('t1', true),
      'POST /api/documents/templates/t2/unarchive': setArchived('t2', false),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Archive Lien waiver' }));
    expect(await screen.findByText('No templates yet.', { exact: false })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Show archived templates' }));
    expect(await screen.findByRole('rowheader', { name: /Old W-9/ })).toBeInTheDocument();
    // An archived template is restored before it is used.
    expect(screen.queryByRole('button', { name: 'Use Old W-9' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Old W-9' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show archived templates' }));
    expect(await screen.findByRole('button', { name: 'Use Old W-9' })).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    renderPage({
      [LIST]: () => {
        throw { statusCode: 503, message: 'The database is not answering.' };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The templates could not be loaded. The database is not answering.',
    );
  });
});
