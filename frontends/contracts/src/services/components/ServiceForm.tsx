import {
  placeholderViolationMessage,
  placeholderViolations,
  SERVICE_FIELD_LABELS,
  SERVICE_MESSAGES,
  SERVICE_TEXT_FIELDS,
  type ServiceInput,
  type ServiceRecord,
  type ServiceTextField,
} from '@prosign/domain';
import { useEffect, useState, type FormEvent } from 'react';

export type ServiceDraft = Record<ServiceTextField, string> & {
  changeBasicServices: boolean;
  defaultTnC: boolean;
};

export const EMPTY_DRAFT: ServiceDraft = {
  ...(Object.fromEntries(SERVICE_TEXT_FIELDS.map((field) => [field, ''])) as Record<
    ServiceTextField,
    string
  >),
  changeBasicServices: false,
  defaultTnC: true,
};

export function draftOf(service: ServiceRecord): ServiceDraft {
  const draft = { ...EMPTY_DRAFT };
  for (const field of SERVICE_TEXT_FIELDS) draft[field] = service[field] ?? '';
  draft.changeBasicServices = service.changeBasicServices;
  draft.defaultTnC = service.defaultTnC;
  return draft;
}

export interface ServiceFormProps {
  /** The service being edited; null in create mode. */
  editing: ServiceRecord | null;
  initial: ServiceDraft;
  latestTerms: string | undefined;
  saving: boolean;
  onSubmit(input: ServiceInput): void;
  onInvalid(message: string): void;
}

const MULTILINE = new Set<ServiceTextField>(
  SERVICE_TEXT_FIELDS.filter((field) => field !== 'serviceName' && field !== 'agreementTitle'),
);

/** "Add New Service" / "Update Service {name}" (spec 1 §2.5, §5). */
export function ServiceForm({ editing, initial, latestTerms, saving, ...props }: ServiceFormProps) {
  const [draft, setDraft] = useState<ServiceDraft>(initial);
  useEffect(() => setDraft(initial), [initial]);

  const terms =
    draft.defaultTnC && latestTerms !== undefined ? latestTerms : draft.termsAndConditions;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.serviceName.trim()) return props.onInvalid(SERVICE_MESSAGES.nameRequired);
    if (!draft.agreementTitle.trim())
      return props.onInvalid(SERVICE_MESSAGES.agreementTitleRequired);
    const next = { ...draft, termsAndConditions: terms };
    if (editing) {
      const checked: Partial<Record<ServiceTextField, string>> = { ...next };
      // Default terms replace the service's own on purpose (the server does the same).
      if (next.defaultTnC) delete checked.termsAndConditions;
      const violations = placeholderViolations(editing, checked);
      if (violations.length > 0) return props.onInvalid(placeholderViolationMessage(violations));
    }
    props.onSubmit(next);
  };

  return (
    <form onSubmit={submit} aria-labelledby="service-form-title" className="service-form ps-card">
      <h2 id="service-form-title" className="service-form__title">
        {editing ? `Update Service ${editing.serviceName}` : 'Add New Service'}
      </h2>
      <div className="service-form__fields">
        {SERVICE_TEXT_FIELDS.map((field) => {
          const id = `service-${field}`;
          const isTerms = field === 'termsAndConditions';
          const value = isTerms ? terms : draft[field];
          const required = field === 'serviceName' || field === 'agreementTitle';
          return (
            <div
              key={field}
              className={MULTILINE.has(field) ? 'ps-field service-form__field--wide' : 'ps-field'}
            >
              <label htmlFor={id} className="ps-field__label">
                {SERVICE_FIELD_LABELS[field]}
                {required ? ' *' : ''}
              </label>
              {MULTILINE.has(field) ? (
                <textarea
                  id={id}
                  className="ps-input service-form__textarea"
                  rows={isTerms ? 8 : 4}
                  value={value}
                  readOnly={isTerms && draft.defaultTnC}
                  onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                />
              ) : (
                <input
                  id={id}
                  className="ps-input"
                  type="text"
                  value={value}
                  aria-required={required}
                  onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                />
              )}
            </div>
          );
        })}
      </div>
      <div className="service-form__checks">
        <label className="service-form__check">
          <input
            type="checkbox"
            checked={draft.defaultTnC}
            onChange={(event) => setDraft({ ...draft, defaultTnC: event.target.checked })}
          />{' '}
          Default tnc
        </label>
        <label className="service-form__check">
          <input
            type="checkbox"
            checked={draft.changeBasicServices}
            onChange={(event) => setDraft({ ...draft, changeBasicServices: event.target.checked })}
          />{' '}
          Make the Engineer Basic Services Edit Mandatory
        </label>
      </div>
      <div className="service-form__actions">
        <button type="submit" className="ps-button ps-button--primary" disabled={saving}>
          {editing ? 'Update Service' : 'Add Service'}
        </button>
      </div>
    </form>
  );
}
