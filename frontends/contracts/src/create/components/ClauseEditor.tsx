import {
  basicServicesSaveBlock,
  placeholdersIn,
  placeholderViolationMessage,
  placeholderViolations,
  type ServiceRecord,
} from '@prosign/domain';
import { FormErrorSummary, TextAreaField, TextField, useZodForm } from '@prosign/ui/forms';
import { useEffect, useId, useMemo } from 'react';
import { z } from 'zod';
import { CLAUSE_FIELDS, READ_ONLY_CLAUSES, type ClauseName, type Clauses } from '../contract-draft';

type ClauseService = Pick<ServiceRecord, 'serviceName' | 'changeBasicServices'>;

export interface ClauseEditorProps {
  /** The form's id: the screen's action bar holds its Save button (`form={formId}`). */
  formId: string;
  clauses: Clauses;
  /** The service's own texts, to check the placeholder and basic-services rules against. */
  original: Clauses;
  service: ClauseService | undefined;
  /** What each `$placeholder` becomes in the document (the domain's `standardContractValues`). */
  values: Readonly<Record<string, string>>;
  /** Every edit, so the preview follows the text. */
  onChange(clauses: Clauses): void;
  /** The clauses passed the rules: save the document with them. */
  onSave(clauses: Clauses): void;
  /** Absent once the document is saved: the back arrow then no longer shows. */
  onBack?: () => void;
}

/**
 * The clause rules as a schema (spec 2 §5): an edit keeps the placeholders of
 * its text, and a service flagged changeBasicServices needs its basic-services
 * text changed. The domain decides; the message goes to the form's banner and
 * the field that breaks the rule is marked.
 */
function clauseSchema(original: Clauses, service: ClauseService | undefined) {
  const shape = Object.fromEntries(CLAUSE_FIELDS.map((field) => [field.name, z.string()]));
  return z.object(shape).superRefine((edited, ctx) => {
    const clauses = edited as Clauses;
    const violations = placeholderViolations(original, clauses);
    if (violations.length) {
      for (const { field, missing } of violations) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Keep ${missing.map((name) => `$${name}`).join(', ')} in this text.`,
        });
      }
      ctx.addIssue({
        code: 'custom',
        path: ['root'],
        message: placeholderViolationMessage(violations),
      });
      return;
    }
    const blocked = service
      ? basicServicesSaveBlock(service, original.engineerBasicService, clauses.engineerBasicService)
      : null;
    if (blocked) {
      ctx.addIssue({
        code: 'custom',
        path: ['engineerBasicService'],
        message: 'Change this text before saving.',
      });
      ctx.addIssue({ code: 'custom', path: ['root'], message: blocked });
    }
  });
}

/** The placeholders of a clause as labelled chips with the value each takes in the document. */
function PlaceholderChips({
  text,
  values,
}: {
  text: string;
  values: Readonly<Record<string, string>>;
}) {
  const names = placeholdersIn(text);
  return (
    <ul className="ps-placeholder-chips" aria-label="Placeholders in this text">
      {names.map((name) => {
        const value = values[name]?.trim();
        return (
          <li
            key={name}
            className={`ps-placeholder-chip${value ? '' : ' ps-placeholder-chip--empty'}`}
          >
            <code>${name}</code>
            <span className="ps-placeholder-chip__value">{value || 'no value yet'}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The agreement editor (spec 2 §2.1, §5): the clause texts of the chosen
 * service on the shared form parts; licensing and insurance read-only; each
 * text's `$placeholders` shown with their values. The screen's Save button
 * submits it (the clause rules run then).
 */
export function ClauseEditor({
  formId,
  clauses,
  original,
  service,
  values,
  onChange,
  onSave,
  onBack,
}: ClauseEditorProps) {
  const id = useId();
  const schema = useMemo(() => clauseSchema(original, service), [original, service]);
  const form = useZodForm(schema, { defaultValues: clauses });
  const { control, handleSubmit, watch } = form;

  useEffect(() => {
    const subscription = watch((edited) => onChange(edited as Clauses));
    return () => subscription.unsubscribe();
  }, [watch, onChange]);

  const texts = watch() as Clauses;
  const chips = (name: ClauseName) =>
    placeholdersIn(texts[name] ?? '').length ? (
      <PlaceholderChips text={texts[name] ?? ''} values={values} />
    ) : undefined;

  return (
    <form
      id={formId}
      noValidate
      aria-labelledby={`${id}-title`}
      className="ps-clause-editor"
      onSubmit={handleSubmit((saved) => onSave(saved as Clauses))}
    >
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
      <FormErrorSummary control={control} />
      {CLAUSE_FIELDS.map((field) =>
        field.name === 'agreementTitle' ? (
          <TextField
            key={field.name}
            control={control}
            name={field.name}
            label={field.label}
            hint={chips(field.name)}
          />
        ) : (
          <TextAreaField
            key={field.name}
            control={control}
            name={field.name}
            label={field.label}
            rows={field.name === 'termsAndConditions' ? 10 : 4}
            readOnly={READ_ONLY_CLAUSES.includes(field.name)}
            aria-readonly={READ_ONLY_CLAUSES.includes(field.name) || undefined}
            hint={chips(field.name)}
          />
        ),
      )}
    </form>
  );
}
