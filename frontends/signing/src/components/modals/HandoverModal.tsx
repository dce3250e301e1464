import { isApiError } from '@prosign/api-client';
import {
  checkHandover,
  HANDOVER_MESSAGES,
  HANDOVER_NAME_MAX,
  HANDOVER_NOTE_MAX,
  type HandoverFieldError,
  type HandoverRequest,
  type SignerMessages,
} from '@prosign/domain';
import { useSignerMessages, useToast } from '@prosign/ui';
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

/** The domain rule's refusal in the page's language (its own words if the catalogue lacks it). */
function refusalIn(messages: SignerMessages, message: string): string {
  switch (message) {
    case HANDOVER_MESSAGES.nameRequired:
      return messages.format('handover.nameRequired');
    case HANDOVER_MESSAGES.nameTooLong:
      return messages.format('handover.nameTooLong', { max: HANDOVER_NAME_MAX });
    case HANDOVER_MESSAGES.email:
      return messages.format('handover.emailInvalid');
    case HANDOVER_MESSAGES.sameEmail:
      return messages.format('handover.sameEmail');
    case HANDOVER_MESSAGES.noteTooLong:
      return messages.format('handover.noteTooLong', { max: HANDOVER_NOTE_MAX });
    default:
      return message;
  }
}

/**
 * Hand over to the authorised signatory, on every family's page: the right
 * signer's full name and e-mail (required) and a note (optional), checked by the domain's
 * rule (`checkHandover`) before anything is sent; Cancel and Hand over. A refusal stays in the
 * dialog with the server's words; on success the page shows that the link was handed over.
 */
export function HandoverModal({ open, onHandOver, onClose, blocked }: HandoverModalProps) {
  const toast = useToast();
  const messages = useSignerMessages();
  const { format } = messages;
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
      return refusalIn(messages, check.errors[0].message);
    }
    const { value } = check;
    setBusy(true);
    onHandOver({
      name: value.name,
      email: value.email,
      ...(value.note ? { note: value.note } : {}),
    }).then(
      () => toast.success(format('handover.done', { name: value.name })),
      (error: unknown) => {
        // The server's refusal (a 4xx says why); its own failures get the plain message.
        form.setError(
          isApiError(error) && error.statusCode < 500 ? error.message : format('handover.failed'),
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
        title: format('handover.title'),
        prompt: format('handover.prompt'),
        save: format('handover.action'),
      }}
      busy={busy}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <HandoverFields
        values={{ name, email, note }}
        onChange={edited}
        labels={{
          nameLabel: format('handover.nameLabel'),
          emailLabel: format('handover.emailLabel'),
          noteLabel: format('handover.noteLabel'),
        }}
        invalid={form.error ? invalid : null}
        errorId={form.describedBy}
        noteClassName="sg-decline__reason"
      />
    </SigningFormDialog>
  );
}
