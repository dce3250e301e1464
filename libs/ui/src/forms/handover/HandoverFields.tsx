import { HANDOVER_NAME_MAX, HANDOVER_NOTE_MAX } from '@prosign/domain';
import { useId } from 'react';

/** A field of a hand-over: the right signer's name and e-mail, and a note. */
export type HandoverField = 'name' | 'email' | 'note';

export interface HandoverFieldsProps {
  values: Record<HandoverField, string>;
  onChange: (field: HandoverField, value: string) => void;
  labels: { nameLabel: string; emailLabel: string; noteLabel: string };
  /** The field the shown error is about (null: none), and that error's element id. */
  invalid: HandoverField | null;
  errorId?: string;
  noteClassName?: string;
}

/**
 * The new signer's name, e-mail and note, as the signer's hand-over and the staff's Change
 * signer both ask them; the domain's `checkHandover` judges them in each dialog.
 */
export function HandoverFields({
  values,
  onChange,
  labels,
  invalid,
  errorId,
  noteClassName,
}: HandoverFieldsProps) {
  const ids = { name: useId(), email: useId(), note: useId() };
  const fieldProps = (field: HandoverField) => ({
    'aria-invalid': invalid === field ? true : undefined,
    'aria-describedby': invalid === field ? errorId : undefined,
  });
  return (
    <>
      <div className="ps-field">
        <label htmlFor={ids.name}>{labels.nameLabel}</label>
        <input
          id={ids.name}
          className="ps-input"
          value={values.name}
          autoComplete="off"
          maxLength={HANDOVER_NAME_MAX}
          aria-required="true"
          {...fieldProps('name')}
          onChange={(event) => onChange('name', event.target.value)}
        />
      </div>
      <div className="ps-field">
        <label htmlFor={ids.email}>{labels.emailLabel}</label>
        <input
          id={ids.email}
          className="ps-input"
          type="email"
          inputMode="email"
          value={values.email}
          autoComplete="off"
          aria-required="true"
          {...fieldProps('email')}
          onChange={(event) => onChange('email', event.target.value)}
        />
      </div>
      <div className="ps-field">
        <label htmlFor={ids.note}>{labels.noteLabel}</label>
        <textarea
          id={ids.note}
          className={noteClassName ? `ps-input ${noteClassName}` : 'ps-input'}
          rows={3}
          value={values.note}
          // Room past the limit, so the domain's rule (not the browser) says it is too long.
          maxLength={HANDOVER_NOTE_MAX + 100}
          {...fieldProps('note')}
          onChange={(event) => onChange('note', event.target.value)}
        />
      </div>
    </>
  );
}
