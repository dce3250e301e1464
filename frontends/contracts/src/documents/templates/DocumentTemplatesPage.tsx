import { ROUTES, type DocumentTemplateSummary } from '@prosign/domain';
import { LoadingState, PageHeader } from '@prosign/ui';
import { Pagination } from '@prosign/ui/agreements';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { useArchiveTemplate, useTemplateList } from './templates-api';
import { UseTemplateDialog } from './UseTemplateDialog';
import './templates.css';

const updatedOn = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The templates of prepared documents (route `/documents/templates`): searched by name and file
 * name, the archived ones apart; each used to start a document with a person for each role.
 */
export function DocumentTemplatesPage() {
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [using, setUsing] = useState<DocumentTemplateSummary | null>(null);
  // Typing does not wait for the list: the query follows the text a moment behind.
  const deferredSearch = useDeferredValue(search);
  const list = useTemplateList({ search: deferredSearch, archived, page });
  const archive = useArchiveTemplate();
  const rows = list.data?.rows ?? [];

  return (
    <div className="ps-doc-page">
      <PageHeader
        title="Document templates"
        description="Prepared documents kept with roles instead of people, to send again."
      />
      <div className="ps-doc-templates__filters" role="search">
        <label className="ps-field">
          <span className="ps-field__label">Search templates</span>
          <input
            className="ps-input"
            type="search"
            value={search}
            placeholder="Name or file name"
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="ps-doc-templates__archived">
          <input
            type="checkbox"
            checked={archived}
            onChange={(event) => {
              setArchived(event.target.checked);
              setPage(1);
            }}
          />
          Show archived templates
        </label>
        <Link className="ps-button" to={ROUTES.documentNew}>
          New document
        </Link>
      </div>
      {list.isPending ? <LoadingState label="Loading templates…" /> : null}
      {list.isError ? (
        <p role="alert">The templates could not be loaded. {list.error.message}</p>
      ) : null}
      {archive.isError ? (
        <p role="alert">The template could not be changed. {archive.error.message}</p>
      ) : null}
      {list.isSuccess && rows.length === 0 ? (
        <div className="ps-doc-templates__empty">
          {deferredSearch.trim() ? (
            <p>
              No {archived ? 'archived ' : ''}template matches “{deferredSearch.trim()}”.
            </p>
          ) : archived ? (
            <p>No template is archived.</p>
          ) : (
            <p>
              No templates yet. Prepare a document in{' '}
              <Link to={ROUTES.documentNew}>New document</Link> and choose “Save as template”.
            </p>
          )}
        </div>
      ) : null}
      {rows.length > 0 ? (
        <table className="ps-doc-templates__table">
          <thead>
            <tr>
              <th scope="col">Template</th>
              <th scope="col">Version</th>
              <th scope="col">Roles</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span className="ps-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((template) => (
              <tr key={template.id}>
                <th scope="row">
                  <span className="ps-doc-templates__name">{template.name}</span>
                  <span className="ps-doc-templates__file">
                    {template.fileName} · {template.pageCount}{' '}
                    {template.pageCount === 1 ? 'page' : 'pages'} · {template.fieldCount}{' '}
                    {template.fieldCount === 1 ? 'field' : 'fields'}
                  </span>
                </th>
                <td>Version {template.version}</td>
                <td>{template.roles.map((role) => role.name).join(', ')}</td>
                <td>
                  {updatedOn(template.updatedAt)}
                  <span className="ps-doc-templates__file">{template.updatedBy}</span>
                </td>
                <td className="ps-doc-templates__actions">
                  {template.archived ? null : (
                    <button
                      type="button"
                      className="ps-button ps-button--primary"
                      aria-label={`Use ${template.name}`}
                      onClick={() => setUsing(template)}
                    >
                      Use
                    </button>
                  )}
                  <button
                    type="button"
                    className="ps-button"
                    aria-label={`${template.archived ? 'Restore' : 'Archive'} ${template.name}`}
                    disabled={archive.isPending}
                    onClick={() =>
                      archive.mutate({ id: template.id, archived: !template.archived })
                    }
                  >
                    {template.archived ? 'Restore' : 'Archive'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.data ? (
        <Pagination
          page={list.data.page}
          totalPages={list.data.totalPages}
          total={list.data.total}
          onPage={setPage}
          noun="templates"
        />
      ) : null}
      {using ? <UseTemplateDialog template={using} onClose={() => setUsing(null)} /> : null}
    </div>
  );
}
