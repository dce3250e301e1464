import { isApiError } from '@prosign/api-client';
import { checkDeclineReason, DECLINE_REASON_MAX } from '@prosign/domain';
import { useSignerMessages, useToast } from '@prosign/ui';
import { useId, useState } from 'react';
import { SigningFormDialog, useSigningForm } from './SigningFormDialog';

export interface DeclineModalProps {
  open: boolean;
  /** Sends the checked reason (trimmed); rejects with the server's refusal. */
  onDecline: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Decline with a reason, on every family's page: a required reason
 * (checkDeclineReason: 1–1,000 characters once trimmed) with a live count, Cancel and
 * Decline agreement. A refusal stays in the dialog with the server's words; on success
 * the page shows the declined state.
 */
export function DeclineModal({ open, onDecline, onClose }: DeclineModalProps) {
  const toast = useToast();
  const { format } = useSignerMessages();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useSigningForm(open, () => {
    setReason('');
    setBusy(false);
  });
  const fieldId = useId();
  const countId = useId();

  const submit = () => {
    const check = checkDeclineReason(reason);
    if (!check.ok) {
      return reason.trim()
        ? format('decline.reasonTooLong', { max: DECLINE_REASON_MAX })
        : format('decline.reasonRequired');
    }
    setBusy(true);
    onDecline(check.reason).then(
      () => toast.success(format('decline.declined')),
      (error: unknown) => {
        // The server's refusal (a 4xx says why); its own failures get the plain message.
        form.setError(
          isApiError(error) && error.statusCode < 500 ? error.message : format('decline.failed'),
        );
        setBusy(false);
      },
    );
  };

  return (
    <SigningFormDialog
      open={open}
      texts={{
        title: format('decline.title'),
        prompt: format('decline.prompt'),
        save: format('decline.confirm'),
      }}
      busy={busy}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="ps-field">
        <label htmlFor={fieldId}>{format('decline.reasonLabel')}</label>
        <textarea
          id={fieldId}
          className="ps-input sg-decline__reason"
          rows={5}
          value={reason}
          aria-required="true"
          aria-invalid={form.error ? true : undefined}
          aria-describedby={[countId, form.describedBy].filter(Boolean).join(' ')}
          onChange={(event) => {
            setReason(event.target.value);
            form.setError('');
          }}
        />
        <p id={countId} className="sg-decline__count">
          {format('decline.count', { used: [...reason.trim()].length, max: DECLINE_REASON_MAX })}
        </p>
      </div>
    </SigningFormDialog>
  );
}
