import { useEmailCodeDefaultsQuery } from '@prosign/api-client';
import {
  EMAIL_CODE_SETTING_TEXTS,
  type AgreementFamily,
  type SendSignersRequest,
} from '@prosign/domain';
import { useId } from 'react';
import { useController } from 'react-hook-form';

export interface FormEmailCodeProps {
  /** Whose default the checkbox shows until staff change it (the admin setting per family). */
  family: AgreementFamily;
  /** The form's field holding `boolean | null` (null: the family's default); `requireEmailCode`. */
  name?: string;
  className?: string;
  disabled?: boolean;
}

/**
 * "Require an e-mail code" on a creation screen: ticked as the family's default
 * until staff change it. An untouched field stays null and the send applies the same default.
 */
export function FormEmailCode({
  family,
  name = 'requireEmailCode',
  className,
  disabled,
}: FormEmailCodeProps) {
  const defaults = useEmailCodeDefaultsQuery();
  const { field } = useController({ name, defaultValue: null });
  const id = useId();
  const hintId = useId();
  const value = field.value as boolean | null | undefined;
  const checked = typeof value === 'boolean' ? value : defaults.data?.defaults[family] === true;
  return (
    <div className={['ps-field', className ?? ''].join(' ').trim()}>
      <label className="ps-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => field.onChange(event.target.checked)}
        />
        <span>{EMAIL_CODE_SETTING_TEXTS.label}</span>
      </label>
      <p id={hintId} className="ps-field__hint">
        {EMAIL_CODE_SETTING_TEXTS.hint}
      </p>
    </div>
  );
}

/** Edit and Resend: the form field from the replaced agreement's choice (null where it gave none). */
export function emailCodeFieldOf(saved: unknown): { requireEmailCode: boolean | null } {
  return { requireEmailCode: typeof saved === 'boolean' ? saved : null };
}

/** The send's `require_email_code`: absent while the field holds the family default (null). */
export function emailCodeRequest(
  value: boolean | null | undefined,
): Pick<SendSignersRequest, 'require_email_code'> {
  return typeof value === 'boolean' ? { require_email_code: value } : {};
}
