import { useCountersignDefaultsQuery, useStaffEmails } from '@prosign/api-client';
import type { AgreementFamily, CountersignerInput } from '@prosign/domain';
import { useController } from 'react-hook-form';
import { CountersignerPicker } from './CountersignerPicker';

export interface FormCountersignerProps {
  /** Whose default countersigner the picker proposes (the admin setting per family). */
  family: AgreementFamily;
  /** The form's field holding `CountersignerInput | null` (default `countersigner`). */
  name?: string;
  className?: string;
  disabled?: boolean;
}

/**
 * The firm's countersignature on a creation screen's form: the picker bound to
 * the form's `countersigner` field, with every staff member to choose from and the family's
 * default countersigner proposed. The screen checks it with `countersignerProblem` and sends
 * it with `signersRequest`.
 */
export function FormCountersigner({
  family,
  name = 'countersigner',
  className,
  disabled,
}: FormCountersignerProps) {
  const users = useStaffEmails();
  const defaults = useCountersignDefaultsQuery();
  const { field, fieldState } = useController({ name, defaultValue: null });
  return (
    <CountersignerPicker
      className={className}
      users={users.data ?? []}
      value={(field.value as CountersignerInput | null | undefined) ?? null}
      defaultValue={defaults.data?.defaults[family] ?? null}
      onChange={field.onChange}
      error={fieldState.error?.message}
      disabled={disabled}
    />
  );
}
