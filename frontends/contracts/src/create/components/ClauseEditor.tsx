import {
  basicServicesSaveBlock,
  placeholderViolationMessage,
  placeholderViolations,
  type ServiceRecord,
} from '@prosign/domain';
import { useId, useState } from 'react';
import { CLAUSE_FIELDS, READ_ONLY_CLAUSES, type Clauses } from '../contract-draft';

export interface ClauseEditorProps {
  clauses: Clauses;
  /** The service's own texts, to check the placeholder and basic-services rules against. */
  original: Clauses;
  service: Pick<ServiceRecord, 'serviceName' | 'changeBasicServices'> | undefined;
  saving: boolean;
  onChange(clauses: Clauses): void;
  onSave(): void;
  /** Absent once the document is saved: the back arrow then no longer shows. */
  onBack?: () => void;
}

/**
 * The agreement editor (spec 2 §2.1, §5): the clause texts of the chosen
 * service; licensing and insurance read-only; an edit must keep the
 * placeholders of its text; a service flagged changeBasicServices needs its
 * basic-services text changed before the document is saved.
 */
export function ClauseEditor({
  clauses,
  original,
  service,
  saving,
  onChange,
  onSave,
  onBack,
}: ClauseEditorProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);

  const save = () => {
    const violations = placeholderViolations(original, clauses);
    if (violations.length) {
      setProblem(placeholderViolationMessage(violations));
      return;
    }
    const blocked = service
      ? basicServicesSaveBlock(service, original.engineerBasicService, clauses.engineerBasicService)
      : null;
    if (blocked) {
      setProblem(blocked);
      return;
    }
    setProblem(null);
    onSave();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="ps-clause-editor">
      <div className="ps-clause-editor__bar">
        {onBack ? (
          <button
            type="button"
            className="ps-button"
            onClick={onBack}
            aria-label="Back to the form"
          >
            ←
          </button>
        ) : null}
        <h2 id={`${id}-title`}>Agreement editor</h2>
      </div>
      {CLAUSE_FIELDS.map((field) => {
        const readOnly = READ_ONLY_CLAUSES.includes(field.name);
        return (
          <div key={field.name} className="ps-field">
            <label className="ps-field__label" htmlFor={`${id}-${field.name}`}>
              {field.label}
            </label>
            {field.name === 'agreementTitle' ? (
              <input
                id={`${id}-${field.name}`}
                className="ps-input"
                value={clauses[field.name]}
                onChange={(event) => onChange({ ...clauses, [field.name]: event.target.value })}
              />
            ) : (
              <textarea
                id={`${id}-${field.name}`}
                className="ps-input ps-textarea"
                rows={field.name === 'termsAndConditions' ? 10 : 4}
                readOnly={readOnly}
                aria-readonly={readOnly || undefined}
                value={clauses[field.name]}
                onChange={(event) => onChange({ ...clauses, [field.name]: event.target.value })}
              />
            )}
          </div>
        );
      })}
      {problem ? (
        <p className="ps-field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        className="ps-button ps-button--primary"
        onClick={save}
        disabled={saving}
      >
        {saving ? 'Saving…' : 'Save'}
      </button>
    </section>
  );
}
