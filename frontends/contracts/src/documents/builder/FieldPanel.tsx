import type { Field, PlacementAction, PlacementRecipient } from '@prosign/domain';
import { FIELD_KIND_LABELS } from './field-kinds';
import { recipientLabel } from './recipients';

interface FieldPanelProps {
  field: Field | null;
  recipients: readonly PlacementRecipient[];
  pageCount: number;
  /** How many fields the document has: none is its own empty state. */
  fieldCount: number;
  readOnly: boolean;
  dispatch: (action: PlacementAction) => void;
  announce: (message: string) => void;
}

function numberOrNull(text: string): number | null {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) || value <= 0 ? null : Math.floor(value);
}

/** A kind's own settings: a choice's options, a text's length and lines, an attachment's files. */
function KindOptions({
  field,
  update,
  readOnly,
}: {
  field: Field;
  update: (changes: object) => void;
  readOnly: boolean;
}) {
  if ('options' in field) {
    return (
      <label>
        Options, one a line
        <textarea
          value={field.options.join('\n')}
          readOnly={readOnly}
          onChange={(event) => update({ options: event.target.value.split('\n') })}
        />
      </label>
    );
  }
  if ('maxLength' in field) {
    return (
      <>
        <label>
          Most characters
          <input
            type="number"
            min={1}
            value={field.maxLength ?? ''}
            readOnly={readOnly}
            onChange={(event) => update({ maxLength: numberOrNull(event.target.value) })}
          />
        </label>
        <label className="ps-doc-panel__check">
          <input
            type="checkbox"
            checked={field.multiline}
            disabled={readOnly}
            onChange={(event) => update({ multiline: event.target.checked })}
          />
          Several lines
        </label>
      </>
    );
  }
  if ('allowedTypes' in field) {
    return (
      <>
        <label>
          File types accepted (comma separated)
          <input
            value={field.allowedTypes.join(', ')}
            readOnly={readOnly}
            onChange={(event) =>
              update({
                allowedTypes: event.target.value
                  .split(',')
                  .map((type) => type.trim())
                  .filter(Boolean),
              })
            }
          />
        </label>
        <label>
          Largest file (MB)
          <input
            type="number"
            min={1}
            value={Math.round(field.maxBytes / (1024 * 1024))}
            readOnly={readOnly}
            onChange={(event) => {
              const megabytes = numberOrNull(event.target.value);
              if (megabytes) update({ maxBytes: megabytes * 1024 * 1024 });
            }}
          />
        </label>
      </>
    );
  }
  return null;
}

function DefaultValue({
  field,
  update,
  readOnly,
}: {
  field: Field;
  update: (changes: object) => void;
  readOnly: boolean;
}) {
  if (field.kind === 'checkbox') {
    return (
      <label className="ps-doc-panel__check">
        <input
          type="checkbox"
          checked={field.defaultValue === true}
          disabled={readOnly}
          onChange={(event) => update({ defaultValue: event.target.checked })}
        />
        Ticked at first
      </label>
    );
  }
  if (['text', 'number', 'date', 'dropdown', 'radioGroup'].includes(field.kind)) {
    return (
      <label>
        Default value
        <input
          value={typeof field.defaultValue === 'string' ? field.defaultValue : ''}
          readOnly={readOnly}
          onChange={(event) =>
            update({ defaultValue: event.target.value === '' ? null : event.target.value })
          }
        />
      </label>
    );
  }
  return null;
}

/** The selected field's settings: whose it is, its label, required, default and kind options. */
export function FieldPanel({
  field,
  recipients,
  pageCount,
  fieldCount,
  readOnly,
  dispatch,
  announce,
}: FieldPanelProps) {
  if (!field) {
    return (
      <section className="ps-doc-panel" aria-label="Selected field">
        <p className="ps-doc-panel__empty">
          {fieldCount === 0
            ? 'No fields yet: drag one from the palette onto a page.'
            : 'Select a field on the page to edit it.'}
        </p>
      </section>
    );
  }
  // Typing merges into one undo step per field and setting.
  const update = (changes: object) =>
    dispatch({ type: 'update', id: field.id, changes, merge: true });
  return (
    <section className="ps-doc-panel" aria-labelledby="ps-doc-panel-title">
      <h3 id="ps-doc-panel-title">
        {FIELD_KIND_LABELS[field.kind]} field, page {field.page}
      </h3>
      <fieldset disabled={readOnly}>
        <label>
          Signer
          <select
            value={field.recipientId ?? ''}
            onChange={(event) =>
              dispatch({ type: 'assign', id: field.id, recipientId: event.target.value || null })
            }
          >
            <option value="">Nobody yet</option>
            {recipients.map((recipient, index) => (
              <option key={recipient.id} value={recipient.id}>
                {recipientLabel(recipient, index)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Label
          <input value={field.label} onChange={(event) => update({ label: event.target.value })} />
        </label>
        <label className="ps-doc-panel__check">
          <input
            type="checkbox"
            checked={field.required}
            onChange={(event) => update({ required: event.target.checked })}
          />
          Required
        </label>
        <DefaultValue field={field} update={update} readOnly={readOnly} />
        <KindOptions field={field} update={update} readOnly={readOnly} />
        <div className="ps-doc-panel__actions">
          <button
            type="button"
            className="ps-button"
            disabled={pageCount < 2}
            onClick={() => {
              dispatch({ type: 'copyToEveryPage', id: field.id });
              announce(`Copied to every page.`);
            }}
          >
            Copy to every page
          </button>
          <button
            type="button"
            className="ps-button ps-button--danger"
            onClick={() => {
              dispatch({ type: 'delete', id: field.id });
              announce('Field removed.');
            }}
          >
            Remove field
          </button>
        </div>
      </fieldset>
    </section>
  );
}
