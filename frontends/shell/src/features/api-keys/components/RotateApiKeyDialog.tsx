import {
  API_KEY_MAX_ROTATION_OVERLAP_HOURS,
  API_KEY_ROTATION_OVERLAP_HOURS,
  type ApiKeyView,
} from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import { Field } from '@prosign/ui/forms';
import { useId, useState, type FormEvent } from 'react';
import { API_KEY_TEXTS as T } from '../utils/api-key-texts';

export interface RotateApiKeyDialogProps {
  /** The key to rotate; the dialog is closed without one. */
  apiKey: ApiKeyView | null;
  busy: boolean;
  /** The server's refusal, shown in the dialog. */
  problem: string | null;
  onRotate: (overlapHours: number) => void;
  onClose: () => void;
}

/** The overlap in whole hours, or null when it is not one the server takes. */
function overlapOf(text: string): number | null {
  const hours = Number(text);
  return text.trim() !== '' &&
    Number.isInteger(hours) &&
    hours >= 0 &&
    hours <= API_KEY_MAX_ROTATION_OVERLAP_HOURS
    ? hours
    : null;
}

/**
 * A successor for a key with the same name, scopes, owner and expiry; the old key keeps
 * working for the overlap, so the system using it can switch without a gap.
 */
export function RotateApiKeyDialog({ apiKey, ...props }: RotateApiKeyDialogProps) {
  return apiKey ? <RotateForm key={apiKey.id} apiKey={apiKey} {...props} /> : null;
}

function RotateForm({
  apiKey,
  busy,
  problem,
  onRotate,
  onClose,
}: Omit<RotateApiKeyDialogProps, 'apiKey'> & { apiKey: ApiKeyView }) {
  const formId = useId();
  const [text, setText] = useState(String(API_KEY_ROTATION_OVERLAP_HOURS));
  const [tried, setTried] = useState(false);
  const overlap = overlapOf(text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!busy && overlap !== null) onRotate(overlap);
  };

  return (
    <Dialog
      open
      title={`${T.rotateTitle} “${apiKey.name}”`}
      onClose={busy ? undefined : onClose}
      describeBody={false}
      actions={
        <>
          <button type="button" className="ps-button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="ps-button ps-button--primary"
            disabled={busy}
          >
            {busy ? T.rotating : T.rotateConfirm}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <p className="ak-dialog__text">
          A new key with the same scopes, owner and expiry replaces <code>{apiKey.masked}</code>.
          The new key is shown once.
        </p>
        <Field
          label="Overlap (hours)"
          required
          hint={`The old key keeps working this long beside the new one, so the system using it can switch: 0 to ${API_KEY_MAX_ROTATION_OVERLAP_HOURS}; 0 stops it at once.`}
          error={
            tried && overlap === null
              ? `Give a whole number of hours from 0 to ${API_KEY_MAX_ROTATION_OVERLAP_HOURS}.`
              : undefined
          }
        >
          {(aria) => (
            <input
              {...aria}
              type="number"
              inputMode="numeric"
              min={0}
              max={API_KEY_MAX_ROTATION_OVERLAP_HOURS}
              step={1}
              className="ps-input ps-input--number ak-overlap"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        {problem ? (
          <p role="alert" className="ps-form-alert ak-dialog__problem">
            {problem}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
