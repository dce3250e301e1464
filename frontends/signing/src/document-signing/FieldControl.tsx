import {
  fieldValueProblem,
  initialsFromFullName,
  SIGNATURE_FONT_FAMILY,
  type Field,
  type FieldValue,
} from '@prosign/domain';
import type { Ref } from 'react';
import { AttachmentControl, type AttachmentState } from './AttachmentControl';
import { fieldAccessibleName, isSignedMark } from './signing-fields';

interface FieldControlProps {
  field: Field;
  value: FieldValue | undefined;
  /** The id of the element saying what is wrong with the value, when something is. */
  problemId: string;
  /** The recipient's adopted signature (typed), once adopted. */
  signature: string | null;
  /** The date the signer signs, as it will be drawn (the agreement's time zone). */
  signingDate: string;
  /** The recipient's own name (name fields, and the initials drawn from it with no signature). */
  recipientName: string;
  attachment: AttachmentState;
  controlRef: Ref<HTMLElement>;
  onChange: (value: FieldValue) => void;
  /** A signature or initials field pressed: adopts the signature first when there is none. */
  onSign: () => void;
  onAttach: (file: File) => void;
}

const TEXT_LIKE = 'sg-doc-field__input';

/** One of the signer's own fields as the input its kind takes, over the page where it lies. */
export function FieldControl(props: FieldControlProps) {
  const { field, value, controlRef } = props;
  const name = fieldAccessibleName(field);
  const problem = fieldValueProblem(field, value);
  const invalid = problem
    ? { 'aria-invalid': true as const, 'aria-describedby': props.problemId }
    : {};
  const text = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'signature':
    case 'initials':
      return <SignControl {...props} name={name} />;
    case 'dateSigned':
    case 'name':
    case 'email':
      return <FilledControl {...props} name={name} />;
    case 'text':
      return field.multiline ? (
        <textarea
          ref={controlRef as Ref<HTMLTextAreaElement>}
          className={TEXT_LIKE}
          aria-label={name}
          aria-required={field.required}
          value={text}
          maxLength={field.maxLength ?? undefined}
          placeholder={field.placeholder || undefined}
          onChange={(event) => props.onChange(event.target.value)}
          {...invalid}
        />
      ) : (
        <input
          ref={controlRef as Ref<HTMLInputElement>}
          className={TEXT_LIKE}
          type="text"
          aria-label={name}
          aria-required={field.required}
          value={text}
          maxLength={field.maxLength ?? undefined}
          placeholder={field.placeholder || undefined}
          onChange={(event) => props.onChange(event.target.value)}
          {...invalid}
        />
      );
    case 'number':
      return (
        <input
          ref={controlRef as Ref<HTMLInputElement>}
          className={TEXT_LIKE}
          type="text"
          inputMode="decimal"
          aria-label={name}
          aria-required={field.required}
          value={text}
          onChange={(event) => props.onChange(event.target.value)}
          {...invalid}
        />
      );
    case 'date':
      return (
        <input
          ref={controlRef as Ref<HTMLInputElement>}
          className={TEXT_LIKE}
          type="date"
          aria-label={name}
          aria-required={field.required}
          value={text}
          onChange={(event) => props.onChange(event.target.value)}
          {...invalid}
        />
      );
    case 'checkbox':
      return (
        <input
          ref={controlRef as Ref<HTMLInputElement>}
          className="sg-doc-field__checkbox"
          type="checkbox"
          aria-label={name}
          aria-required={field.required}
          checked={value === true}
          onChange={(event) => props.onChange(event.target.checked)}
        />
      );
    case 'radioGroup':
      return (
        <div
          role="radiogroup"
          className="sg-doc-field__radios"
          aria-label={name}
          aria-required={field.required}
          {...invalid}
        >
          {field.options.map((option, index) => (
            <label key={option} className="sg-doc-field__radio">
              <input
                ref={index === 0 ? (controlRef as Ref<HTMLInputElement>) : undefined}
                type="radio"
                name={`sg-doc-${field.id}`}
                value={option}
                checked={text === option}
                onChange={() => props.onChange(option)}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      );
    case 'dropdown':
      return (
        <select
          ref={controlRef as Ref<HTMLSelectElement>}
          className={TEXT_LIKE}
          aria-label={name}
          aria-required={field.required}
          value={text}
          onChange={(event) => props.onChange(event.target.value || null)}
          {...invalid}
        >
          <option value="">Choose…</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case 'attachment':
      return (
        <AttachmentControl
          field={field}
          name={name}
          state={props.attachment}
          controlRef={controlRef as Ref<HTMLButtonElement>}
          onAttach={props.onAttach}
        />
      );
  }
}

/** A signature or initials field: "Sign" until the signature is adopted, then the signature. */
function SignControl(props: FieldControlProps & { name: string }) {
  const { field, name } = props;
  const signed = isSignedMark(props.value);
  const signedText =
    field.kind === 'signature'
      ? (props.signature ?? props.recipientName)
      : initialsFromFullName(props.signature ?? props.recipientName);
  return (
    <button
      ref={props.controlRef as Ref<HTMLButtonElement>}
      type="button"
      className={`sg-doc-field__sign${signed ? ' sg-doc-field__sign--signed' : ''}`}
      aria-label={signed ? `${name}, signed` : name}
      onClick={props.onSign}
    >
      {signed ? (
        <span style={{ fontFamily: `'${SIGNATURE_FONT_FAMILY}', cursive` }}>{signedText}</span>
      ) : field.kind === 'signature' ? (
        'Sign'
      ) : (
        'Initial'
      )}
    </button>
  );
}

/** The date signed, name and e-mail: filled for the signer, shown as they will be drawn. */
function FilledControl(props: FieldControlProps & { name: string }) {
  const { field, name } = props;
  const [text, label] =
    field.kind === 'dateSigned'
      ? [props.signingDate, `${name}, filled when you finish`]
      : field.kind === 'name'
        ? [props.recipientName, `${name}: ${props.recipientName}`]
        : ['Your e-mail', `${name}, filled with your e-mail`];
  return (
    <span className="sg-doc-field__filled" aria-label={label}>
      {text}
    </span>
  );
}
