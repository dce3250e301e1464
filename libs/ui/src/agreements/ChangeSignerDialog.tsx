import { isApiError, useChangeSigner } from '@prosign/api-client';
import {
  CHANGE_SIGNER_TEXTS,
  changeableSigners,
  checkHandover,
  formatPacificDate,
  handoverLine,
  HANDOVER_MESSAGES,
  type AgreementCardCore,
  type AgreementFamily,
  type HandoverFieldError,
  type RecipientState,
} from '@prosign/domain';
import { Dialog, useToast } from '@prosign/ui';
import { useId, useState, type FormEvent } from 'react';
import { HandoverFields } from '../forms/handover/HandoverFields';
import './agreements.css';

/** How a recipient's state reads in the list. */
const STATE_LABEL: Readonly<Record<RecipientState, string>> = {
  waiting: 'Waiting for their turn',
  invited: 'Invited',
  viewed: 'Viewed',
  'signature-saved': 'Signature saved',
  signed: 'Signed',
  declined: 'Declined',
};

export interface ChangeSignerDialogProps {
  family: AgreementFamily;
  /** The card Change signer was chosen on (a standard contract's carries its token). */
  card: AgreementCardCore & { token?: string };
  onClose: () => void;
}

type Field = HandoverFieldError['field'];

/**
 * Staff's Change signer from a card's menu: the agreement's recipients
 * (who signs, their e-mail and state, any earlier hand-over), a choice of the client signer
 * to replace (only those who have not signed; a saved signature is discarded, as it says), the new signer's name and e-mail and
 * a note, checked by the domain's rule before anything is sent. The server's refusal stays
 * in the dialog; on success a notice says who got their own link.
 */
export function ChangeSignerDialog({ family, card, onClose }: ChangeSignerDialogProps) {
  const toast = useToast();
  const change = useChangeSigner(family);
  const ids = {
    list: useId(),
    group: useId(),
    error: useId(),
  };
  const recipients = card.recipients ?? [];
  const changeable = changeableSigners(recipients);
  const [recipientId, setRecipientId] = useState(changeable[0]?.id ?? '');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [invalid, setInvalid] = useState<Field | null>(null);
  const formId = useId();

  const current = recipients.find((recipient) => recipient.id === recipientId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current) {
      setError(CHANGE_SIGNER_TEXTS.noneChangeable);
      return;
    }
    const others = recipients.filter((r) => r.id !== recipientId).map((r) => r.email);
    const check = checkHandover({ name, email, note }, current.email, others);
    if (!check.ok) {
      setInvalid(check.errors[0].field);
      setError(check.errors[0].message);
      return;
    }
    const { value } = check;
    change.mutate(
      {
        card,
        change: {
          recipientId,
          name: value.name,
          email: value.email,
          ...(value.note ? { note: value.note } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(CHANGE_SIGNER_TEXTS.done(value.name));
          onClose();
        },
        onError: (failure: unknown) =>
          setError(
            isApiError(failure) && failure.statusCode < 500
              ? failure.message
              : CHANGE_SIGNER_TEXTS.failed,
          ),
      },
    );
  };
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError('');
    setInvalid(null);
  };
  const busy = change.isPending;

  return (
    <Dialog
      open
      title={CHANGE_SIGNER_TEXTS.title}
      onClose={busy ? undefined : onClose}
      describeBody={false}
      size="wide"
      actions={
        <>
          <button type="button" className="ps-button" onClick={onClose} disabled={busy}>
            {CHANGE_SIGNER_TEXTS.cancel}
          </button>
          <button
            type="submit"
            form={formId}
            className="ps-button ps-button--primary"
            disabled={busy || changeable.length === 0}
          >
            {busy ? `${CHANGE_SIGNER_TEXTS.confirm}…` : CHANGE_SIGNER_TEXTS.confirm}
          </button>
        </>
      }
    >
      <form id={formId} className="dash-change-signer" onSubmit={submit} noValidate>
        <p>{CHANGE_SIGNER_TEXTS.prompt}</p>
        <h3 id={ids.list} className="dash-details__heading">
          Recipients
        </h3>
        <RecipientList recipients={recipients} labelledBy={ids.list} />
        {changeable.length === 0 ? (
          <p role="alert">{CHANGE_SIGNER_TEXTS.noneChangeable}</p>
        ) : (
          <>
            <fieldset className="dash-change-signer__choice">
              <legend id={ids.group}>{CHANGE_SIGNER_TEXTS.recipientLabel}</legend>
              {changeable.map((recipient) => (
                <label key={recipient.id} className="dash-change-signer__option">
                  <input
                    type="radio"
                    name={`${formId}-recipient`}
                    value={recipient.id}
                    checked={recipientId === recipient.id}
                    onChange={() => edit(setRecipientId)(recipient.id)}
                  />{' '}
                  {recipient.name || recipient.email} ({recipient.email})
                </label>
              ))}
            </fieldset>
            {current?.state === 'signature-saved' ? (
              <p className="dash-change-signer__warning" role="note">
                {HANDOVER_MESSAGES.savedSignatureDiscarded(current.name || current.email)}
              </p>
            ) : null}
            <HandoverFields
              values={{ name, email, note }}
              onChange={(field, value) =>
                edit({ name: setName, email: setEmail, note: setNote }[field])(value)
              }
              labels={CHANGE_SIGNER_TEXTS}
              invalid={error ? invalid : null}
              errorId={ids.error}
            />
          </>
        )}
        {error ? (
          <p id={ids.error} className="dash-change-signer__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

/** The agreement's recipients: who signs, their e-mail and state, any earlier hand-over. */
function RecipientList({
  recipients,
  labelledBy,
}: {
  recipients: NonNullable<AgreementCardCore['recipients']>;
  labelledBy: string;
}) {
  return (
    <ul className="dash-change-signer__recipients" aria-labelledby={labelledBy}>
      {recipients.map((recipient) => {
        const line = handoverLine(recipient, formatPacificDate);
        return (
          <li key={recipient.id}>
            <span className="dash-change-signer__who">
              {recipient.name || recipient.email}
              {recipient.role === 'cc'
                ? ' (copy)'
                : recipient.role === 'countersigner'
                  ? ' (countersigns for the firm)'
                  : ''}
            </span>{' '}
            <span className="dash-change-signer__email">{recipient.email}</span>
            {recipient.role !== 'cc' ? (
              <span className="dash-change-signer__state"> · {STATE_LABEL[recipient.state]}</span>
            ) : null}
            {line ? <span className="dash-change-signer__handover">{line}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
