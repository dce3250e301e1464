import {
  placeholderViolationMessage,
  REQUIRED_SERVICE_FIELDS,
  SERVICE_FIELD_LABELS,
  SERVICE_TEXT_FIELDS,
  serviceEditViolations,
  serviceTextProblem,
  type ServiceInput,
  type ServiceRecord,
  type ServiceTextField,
} from '@prosign/domain';
import {
  applyServerErrors,
  CheckboxField,
  domainRule,
  Field,
  SubmitButton,
  TextAreaField,
  TextField,
  useZodForm,
  type ServerFieldMatchers,
} from '@prosign/ui/forms';
import { useMemo } from 'react';
import { useWatch, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';

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

/**
 * The service form's schema (spec 1 §5): each text is checked by the domain's
 * rule (required name and title, lengths) and, when editing, the placeholder
 * rule runs over the whole edit, each violation shown under its field.
 */
function serviceSchema(editing: ServiceRecord | null) {
  const texts = Object.fromEntries(
    SERVICE_TEXT_FIELDS.map((field) => [
      field,
      z.string().superRefine(domainRule((value: string) => serviceTextProblem(field, value))),
    ]),
  ) as Record<ServiceTextField, z.ZodString>;
  return z
    .object({ ...texts, changeBasicServices: z.boolean(), defaultTnC: z.boolean() })
    .superRefine((draft, ctx) => {
      if (!editing) return;
      for (const violation of serviceEditViolations(editing, draft, draft.defaultTnC)) {
        ctx.addIssue({
          code: 'custom',
          path: [violation.field],
          message: placeholderViolationMessage([violation]),
        });
      }
    });
}

/** The server's refusals that name a field (its label, a dropped placeholder, a name clash). */
const SERVER_MATCHERS: ServerFieldMatchers<ServiceDraft> = Object.fromEntries(
  SERVICE_TEXT_FIELDS.map((field) => {
    const label = SERVICE_FIELD_LABELS[field];
    const named = new RegExp(`^${label}|: ${label} is missing`, 'i');
    return [field, field === 'serviceName' ? [named, 'A service named'] : named];
  }),
);

/** The first problem in the order the fields are shown. */
function firstProblem(errors: FieldErrors<ServiceDraft>): string | undefined {
  return SERVICE_TEXT_FIELDS.map((field) => errors[field]?.message).find(Boolean);
}

export interface ServiceFormProps {
  /** The service being edited; null in create mode. */
  editing: ServiceRecord | null;
  initial: ServiceDraft;
  latestTerms: string | undefined;
  /** The save mutation is running. */
  saving: boolean;
  /** Saves; a refusal it rejects with is also shown under the fields it names. */
  onSubmit(input: ServiceInput): Promise<unknown>;
  /** What was wrong, for the screen's error toast (spec 1 §8). */
  onInvalid(message: string): void;
}

/** "Add New Service" / "Update Service {name}" (spec 1 §2.5, §5). */
export function ServiceForm({ editing, initial, latestTerms, saving, ...props }: ServiceFormProps) {
  const schema = useMemo(() => serviceSchema(editing), [editing]);
  // `values` resets the form when the draft it starts from changes (another service, a copy).
  const form = useZodForm(schema, { values: initial });
  const defaultTnC = useWatch({ control: form.control, name: 'defaultTnC' });
  const followsDefault = defaultTnC && latestTerms !== undefined;

  const submit = form.handleSubmit(
    async (draft) => {
      try {
        await props.onSubmit({
          ...draft,
          termsAndConditions: followsDefault ? latestTerms : draft.termsAndConditions,
        });
      } catch (error) {
        applyServerErrors(form.setError, error, SERVER_MATCHERS);
      }
    },
    (errors) => {
      const problem = firstProblem(errors);
      if (problem) props.onInvalid(problem);
    },
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="service-form-title"
      className="service-form ps-card"
    >
      <h2 id="service-form-title" className="service-form__title">
        {editing ? `Update Service ${editing.serviceName}` : 'Add New Service'}
      </h2>
      <div className="service-form__fields">
        {SERVICE_TEXT_FIELDS.map((field) => {
          // The required name and title are one line each; the clause texts take the full width.
          const oneLine = REQUIRED_SERVICE_FIELDS.includes(field);
          const common = {
            id: `service-${field}`,
            label: SERVICE_FIELD_LABELS[field],
            className: oneLine ? undefined : 'service-form__field--wide',
          };
          if (field === 'termsAndConditions' && followsDefault) {
            return (
              <Field key={field} {...common}>
                {(aria) => (
                  <textarea
                    {...aria}
                    className="ps-input ps-textarea"
                    rows={8}
                    value={latestTerms}
                    readOnly
                  />
                )}
              </Field>
            );
          }
          return oneLine ? (
            <TextField key={field} {...common} control={form.control} name={field} required />
          ) : (
            <TextAreaField
              key={field}
              {...common}
              control={form.control}
              name={field}
              rows={field === 'termsAndConditions' ? 8 : 4}
            />
          );
        })}
      </div>
      <div className="service-form__checks">
        <CheckboxField control={form.control} name="defaultTnC" label="Default tnc" />
        <CheckboxField
          control={form.control}
          name="changeBasicServices"
          label="Make the Engineer Basic Services Edit Mandatory"
        />
      </div>
      <div className="service-form__actions">
        <SubmitButton pending={saving} pendingLabel="Saving…">
          {editing ? 'Update Service' : 'Add Service'}
        </SubmitButton>
      </div>
    </form>
  );
}
