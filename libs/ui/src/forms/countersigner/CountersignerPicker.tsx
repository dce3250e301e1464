import { nameFromStaffEmail, type CountersignerInput } from '@prosign/domain';
import { StaffUserPicker } from '@prosign/ui/controls';
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '../Field';
import './countersigner.css';

const COUNTERSIGNER_PICKER_TEXTS = {
  require: "Require the firm's countersignature",
  requireHint: 'A staff member signs after every client, in the staff app.',
  user: 'Countersigner',
  placeholder: '--Select the countersigner--',
  name: 'Printed name (optional)',
  title: 'Title (optional)',
  nameHint: 'Printed under the firm’s signature; the name from their e-mail when left empty.',
  chooseUser: 'Choose the staff member who countersigns.',
} as const;

/** What the picker's fields hold while it is shown (strings, empty when not typed). */
interface Draft {
  email: string;
  name: string;
  title: string;
}

const EMPTY_DRAFT: Draft = { email: '', name: '', title: '' };

function draftOf(value: CountersignerInput | null | undefined): Draft {
  return value
    ? { email: value.email ?? '', name: value.name ?? '', title: value.title ?? '' }
    : EMPTY_DRAFT;
}

/** The wire value of a ticked picker: empty name and title left out (the server's defaults). */
function inputOf(draft: Draft): CountersignerInput {
  const name = draft.name.trim();
  const title = draft.title.trim();
  return {
    email: draft.email,
    ...(name ? { name } : {}),
    ...(title ? { title } : {}),
  };
}

function sameInput(a: CountersignerInput, b: CountersignerInput): boolean {
  const text = (value: string | null | undefined) => (value ?? '').trim();
  return a.email === b.email && text(a.name) === text(b.name) && text(a.title) === text(b.title);
}

/**
 * What is wrong with a picker's value before it is sent: a ticked box without a
 * staff member chosen. Null when it may be sent (no countersignature, or one chosen).
 */
export function countersignerProblem(value: CountersignerInput | null): string | null {
  return value && !value.email.trim() ? COUNTERSIGNER_PICKER_TEXTS.chooseUser : null;
}

export interface CountersignerPickerProps {
  /** The staff users' e-mail addresses who may countersign (`accessApi.listUsers`). */
  users: readonly string[];
  /** Controlled: the countersigner (null: none). Leave undefined to let the picker keep it. */
  value?: CountersignerInput | null;
  /**
   * The family's proposed countersigner (`countersignApi.defaults`): the picker starts with it
   * (also when it arrives after the first render, until the person changes something; a
   * controlled picker then calls `onChange` with it unless `value` already names someone),
   * and ticking the box again proposes it when nobody is chosen.
   */
  defaultValue?: CountersignerInput | null;
  /** Every change: null when the box is unticked; `email` is '' until someone is chosen. */
  onChange?: (value: CountersignerInput | null) => void;
  /** The check box's label ("Require the firm's countersignature"). */
  requireLabel?: string;
  requireHint?: string;
  /** The form's message for the staff user field (e.g. `countersignerProblem` once submitted). */
  error?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * "Require the firm's countersignature": a check box that reveals
 * the staff member who countersigns (a searchable staff picker) and, optionally, the
 * name and title printed under the firm's signature. Its value is the send's
 * `countersigner` (`CountersignerInput | null`).
 */
export function CountersignerPicker({
  users,
  value,
  defaultValue,
  onChange,
  requireLabel = COUNTERSIGNER_PICKER_TEXTS.require,
  requireHint = COUNTERSIGNER_PICKER_TEXTS.requireHint,
  error,
  disabled,
  className,
}: CountersignerPickerProps) {
  const controlled = value !== undefined;
  const [own, setOwn] = useState<CountersignerInput | null>(defaultValue ?? null);
  const current = controlled ? value : own;
  // The fields keep what was typed while the box is unticked, to come back when ticked again.
  const [kept, setKept] = useState<Draft>(draftOf(current ?? defaultValue));
  const touched = useRef(false);
  const checkboxId = useId();
  const hintId = useId();
  const groupId = useId();

  // A default that arrives after the first render is taken while nothing was changed.
  const defaultKey = JSON.stringify(defaultValue ?? null);
  useEffect(() => {
    if (touched.current || !defaultValue) return;
    if (!controlled) {
      setKept(draftOf(defaultValue));
      setOwn(defaultValue);
    } else if (!value) {
      // A form that holds no countersigner yet is told of the proposal; one it holds stays.
      setKept(draftOf(defaultValue));
      onChange?.(defaultValue);
    }
    // Only the default's content matters, not its identity (nor the handler's).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultKey]);

  const required = current !== null && current !== undefined;
  // What was typed (spaces and all) while it still says what the value says; else the value.
  const draft = required && !sameInput(inputOf(kept), current) ? draftOf(current) : kept;

  const emit = (next: CountersignerInput | null) => {
    touched.current = true;
    if (!controlled) setOwn(next);
    onChange?.(next);
  };
  const change = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setKept(next);
    emit(inputOf(next));
  };
  const toggle = (checked: boolean) => {
    if (!checked) {
      setKept(draft);
      emit(null);
      return;
    }
    const proposed = draft.email ? draft : draftOf(defaultValue);
    setKept(proposed);
    emit(inputOf(proposed));
  };

  return (
    <fieldset className={['ps-countersigner', className ?? ''].join(' ').trim()}>
      <legend className="ps-countersigner__legend">Countersignature</legend>
      <label className="ps-check" htmlFor={checkboxId}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={required}
          disabled={disabled}
          aria-describedby={hintId}
          aria-expanded={required}
          aria-controls={groupId}
          onChange={(event) => toggle(event.target.checked)}
        />
        <span>{requireLabel}</span>
      </label>
      <p id={hintId} className="ps-field__hint">
        {requireHint}
      </p>
      <div id={groupId} className="ps-countersigner__fields" hidden={!required}>
        {required ? (
          <>
            <StaffUserPicker
              label={COUNTERSIGNER_PICKER_TEXTS.user}
              placeholder={COUNTERSIGNER_PICKER_TEXTS.placeholder}
              users={users}
              value={draft.email || null}
              onChange={(email) => change({ email: email ?? '' })}
              isRequired
              isDisabled={disabled}
              errorMessage={error}
              className="ps-countersigner__user"
            />
            <Field
              label={COUNTERSIGNER_PICKER_TEXTS.name}
              hint={COUNTERSIGNER_PICKER_TEXTS.nameHint}
              className="ps-countersigner__name"
            >
              {(aria) => (
                <input
                  {...aria}
                  className="ps-input"
                  autoComplete="off"
                  value={draft.name}
                  placeholder={draft.email ? nameFromStaffEmail(draft.email) : ''}
                  disabled={disabled}
                  onChange={(event) => change({ name: event.target.value })}
                />
              )}
            </Field>
            <Field label={COUNTERSIGNER_PICKER_TEXTS.title} className="ps-countersigner__title">
              {(aria) => (
                <input
                  {...aria}
                  className="ps-input"
                  autoComplete="off"
                  value={draft.title}
                  placeholder="Principal"
                  disabled={disabled}
                  onChange={(event) => change({ title: event.target.value })}
                />
              )}
            </Field>
          </>
        ) : null}
      </div>
    </fieldset>
  );
}
