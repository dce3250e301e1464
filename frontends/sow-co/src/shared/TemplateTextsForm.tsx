import { formatPacificDateTime } from '@prosign/domain';
import { Field, SubmitButton } from '@prosign/ui/forms';

export interface TemplateTextsFormProps<K extends string> {
  /** The form's accessible name. */
  label: string;
  texts: readonly { key: K; label: string }[];
  values: Partial<Record<K, string>>;
  onChange: (key: K, text: string) => void;
  onSave: () => void;
  pending: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
  saveLabel?: string;
  rows?: number;
}

/**
 * The texts of a stored template on /sow-template-edit (the SOW services per
 * role, the CO template's texts): one text area each, when and by whom it was
 * last saved, and Save.
 */
export function TemplateTextsForm<K extends string>({
  label,
  texts,
  values,
  onChange,
  onSave,
  pending,
  updatedAt,
  updatedBy,
  saveLabel = 'Save',
  rows = 4,
}: TemplateTextsFormProps<K>) {
  return (
    <form
      className="sow-sections"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {texts.map((text) => (
        <Field key={text.key} label={text.label}>
          {(aria) => (
            <textarea
              {...aria}
              name={text.key}
              className="ps-input ps-textarea sow-sections__text"
              rows={rows}
              value={values[text.key] ?? ''}
              onChange={(event) => onChange(text.key, event.target.value)}
            />
          )}
        </Field>
      ))}
      {updatedAt ? (
        <p className="ps-field__hint">
          Last saved {formatPacificDateTime(updatedAt)}
          {updatedBy ? ` by ${updatedBy}` : ''}.
        </p>
      ) : null}
      <div className="sow-actions">
        <SubmitButton pending={pending} pendingLabel="Saving…">
          {saveLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
