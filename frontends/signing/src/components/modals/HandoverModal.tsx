import { isApiError } from '@prosign/api-client';
import {
  checkHandover,
  HANDOVER_TEXTS,
  type HandoverFieldError,
  type HandoverRequest,
} from '@prosign/domain';
import { useToast } from '@prosign/ui';
import { HandoverFields } from '@prosign/ui/forms';
import { useState } from 'react';
import { SigningFormDialog, useSigningForm } from './SigningFormDialog';

export interface HandoverModalProps {
  open: boolean;
  /** Sends the checked hand-over (trimmed); rejects with the server's refusal. */
  onHandOver: (handover: HandoverRequest) => Promise<void>;
  onClose: () => void;
  /** Why it cannot be sent now (a saved signature): said on Hand over, nothing sent. */
  blocked?: string;
}

type Field = HandoverFieldError['field'];

/**
 * Hand over to the authorised signatory, on every family's page: the right
 * signer's full name and e-mail (required) and a note (optional), checked by the domain's
 * rule (`checkHandover`) before anything is sent; Cancel and Hand over. A refusal stays in the
 * dialog with the server's words; on success the page shows that the link was handed over.
 */
export function HandoverModal({ open, onHandOver, onClose, blocked }: HandoverModalProps) {
  const toast = useToast();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useSigningForm(open, () => {
    setName('');
    setEmail('');
    setNote('');
    setInvalid(null);
    setBusy(false);
  });

  const submit = () => {
    if (blocked) return blocked;
    const check = checkHandover({ name, email, note }, '');
    if (!check.ok) {
      setInvalid(check.errors[0].field);
      return check.errors[0].message;
    }
    const { value } = check;
    setBusy(true);
    onHandOver({
      name: value.name,
      email: value.email,
      ...(value.note ? { note: value.note } : {}),
    }).then(
      () => toast.success(HANDOVER_TEXTS.done(value.name)),
      (error: unknown) => {
        // The server's refusal (a 4xx says why); its own failures get the plain message.
        form.setError(
          isApiError(error) && error.statusCode < 500 ? error.message : HANDOVER_TEXTS.failed,
        );
        setBusy(false);
      },
    );
  };

  const setters: Record<Field, (value: string) => void> = {
    name: setName,
    email: setEmail,
    note: setNote,
  };
  const edited = (field: Field, value: string) => {
    setters[field](value);
    form.setError('');
    setInvalid(null);
  };

  return (
    <SigningFormDialog
      open={open}
      texts={{
        title: HANDOVER_TEXTS.title,
        prompt: HANDOVER_TEXTS.prompt,
        save: HANDOVER_TEXTS.confirm,
      }}
      busy={busy}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <HandoverFields
        values={{ name, email, note }}
        onChange={edited}
        labels={HANDOVER_TEXTS}
        invalid={form.error ? invalid : null}
        errorId={form.describedBy}
        noteClassName="sg-decline__reason"
      />
    </SigningFormDialog>
  );
}
