import { useCountersignDefaultsQuery, useStaffEmails } from '@prosign/api-client';
import {
  nameFromStaffEmail,
  type CountersignerInput,
  type FullNameOption,
  type PlacementRecipient,
} from '@prosign/domain';
import { CountersignerPicker, Field } from '@prosign/ui/forms';
import { useMemo, useState } from 'react';
import type { SendStage } from '../send/useSendStage';
import { recipientInputId, recipientProblems, type RecipientInputName } from './recipient-problems';
import { COUNTERSIGNER_ID, newRecipient, recipientColour, recipientLabel } from './recipients';

/** The family whose admin default (the countersigner) the builder proposes. */
const DOCUMENT_FAMILY = 'document';

interface RecipientEditorProps {
  recipients: PlacementRecipient[];
  onChange: (recipients: PlacementRecipient[]) => void;
  /** A recipient's fields go unassigned when they are removed. */
  onRemove: (id: string) => void;
  readOnly: boolean;
  /**
   * The send step: once a send was tried every problem shows, not only those of inputs left;
   * the linked deal's contacts are quick picks; the countersigner's title (not kept with the
   * draft) is held there.
   */
  send: Pick<SendStage, 'tried' | 'picks' | 'countersignerTitle' | 'setCountersignerTitle'>;
  /** Whether the firm's default countersigner is proposed (a draft nobody changed yet). */
  proposeCountersigner: boolean;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The signers, in the order they sign (name and e-mail each, added, reordered, removed, or
 * picked from the deal's contacts), and the firm's countersignature: the staff member who
 * countersigns, as every creation screen picks them.
 */
export function RecipientEditor(props: RecipientEditorProps) {
  const { recipients, onChange, onRemove, readOnly, send } = props;
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const problems = useMemo(() => recipientProblems(recipients), [recipients]);
  const signers = recipients.filter((recipient) => recipient.role !== 'countersigner');
  const firm = recipients.find((recipient) => recipient.role === 'countersigner') ?? null;

  const edit = (id: string, changes: Partial<PlacementRecipient>) =>
    onChange(
      recipients.map((recipient) =>
        recipient.id === id ? { ...recipient, ...changes } : recipient,
      ),
    );
  const swap = (a: PlacementRecipient, b: PlacementRecipient) =>
    onChange(
      recipients.map((recipient) => (recipient === a ? b : recipient === b ? a : recipient)),
    );
  const errorOf = (id: string, input: RecipientInputName) =>
    send.tried || left.has(`${id}:${input}`)
      ? problems.find((problem) => problem.recipientId === id && problem.input === input)?.message
      : undefined;
  // Signers go before the countersigner, who signs last.
  const addSigner = (person: { name: string; email: string } = { name: '', email: '' }) => {
    const added = { ...newRecipient(recipients), ...person };
    onChange(firm ? [...signers, added, firm] : [...recipients, added]);
  };
  const pickSigner = (pick: FullNameOption) => {
    const empty = signers.find((signer) => !signer.name.trim() && !signer.email.trim());
    if (empty) edit(empty.id, { name: pick.name, email: pick.email });
    else addSigner({ name: pick.name, email: pick.email });
  };

  return (
    <section className="ps-doc-recipients" aria-labelledby="ps-doc-recipients-title">
      <h3 id="ps-doc-recipients-title">Signers, in signing order</h3>
      <ol>
        {signers.map((recipient, index) => (
          <li
            key={recipient.id}
            style={{ borderLeftColor: recipientColour(recipients.indexOf(recipient)) }}
          >
            <SignerInputs
              recipient={recipient}
              number={index + 1}
              readOnly={readOnly}
              errorOf={errorOf}
              onEdit={(changes) => edit(recipient.id, changes)}
              onLeave={(input) =>
                setLeft((previous) => new Set(previous).add(`${recipient.id}:${input}`))
              }
            />
            {readOnly ? null : (
              <SignerActions
                who={recipientLabel(recipient, index)}
                first={index === 0}
                last={index === signers.length - 1}
                earlier={() => swap(recipient, signers[index - 1])}
                later={() => swap(recipient, signers[index + 1])}
                remove={signers.length === 1 ? null : () => onRemove(recipient.id)}
              />
            )}
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <>
          <DealPicks
            picks={send.picks.filter(
              (pick) =>
                pick.email.trim() && !signers.some((signer) => sameEmail(signer.email, pick.email)),
            )}
            onPick={pickSigner}
          />
          <button type="button" className="ps-button" onClick={() => addSigner()}>
            Add a signer
          </button>
          <FirmCountersigner
            firm={firm}
            send={send}
            error={firm ? errorOf(firm.id, 'email') : undefined}
            propose={props.proposeCountersigner}
            onChange={(changes) =>
              firm
                ? edit(firm.id, changes)
                : onChange([
                    ...recipients,
                    { id: COUNTERSIGNER_ID, role: 'countersigner', ...changes },
                  ])
            }
            onRemove={() => firm && onRemove(firm.id)}
          />
        </>
      )}
      {readOnly && firm ? (
        <p className="ps-doc-recipients__firm-read">
          Countersigned by {firm.name.trim() || (firm.email ? nameFromStaffEmail(firm.email) : '—')}
        </p>
      ) : null}
    </section>
  );
}

interface SignerInputsProps {
  recipient: PlacementRecipient;
  /** Their place in the signing order, from 1. */
  number: number;
  readOnly: boolean;
  errorOf: (id: string, input: RecipientInputName) => string | undefined;
  onEdit: (changes: Partial<PlacementRecipient>) => void;
  onLeave: (input: RecipientInputName) => void;
}

/** A signer's name and e-mail, both required, each problem under its input. */
function SignerInputs({
  recipient,
  number,
  readOnly,
  errorOf,
  onEdit,
  onLeave,
}: SignerInputsProps) {
  const inputs: { input: RecipientInputName; label: string; type: 'text' | 'email' }[] = [
    { input: 'name', label: 'Name', type: 'text' },
    { input: 'email', label: 'E-mail', type: 'email' },
  ];
  return (
    <>
      <p className="ps-doc-recipients__who" aria-hidden="true">
        Signer {number}
      </p>
      {inputs.map(({ input, label, type }) => (
        <Field
          key={input}
          id={recipientInputId(recipient.id, input)}
          label={
            <>
              {label}
              <span className="ps-visually-hidden"> of signer {number}</span>
            </>
          }
          required
          error={errorOf(recipient.id, input)}
        >
          {(aria) => (
            <input
              {...aria}
              type={type}
              className="ps-input"
              autoComplete="off"
              value={recipient[input]}
              readOnly={readOnly}
              onChange={(event) => onEdit({ [input]: event.target.value })}
              onBlur={() => onLeave(input)}
            />
          )}
        </Field>
      ))}
    </>
  );
}

interface SignerActionsProps {
  who: string;
  first: boolean;
  last: boolean;
  earlier: () => void;
  later: () => void;
  /** null while they are the only signer. */
  remove: (() => void) | null;
}

function SignerActions({ who, first, last, earlier, later, remove }: SignerActionsProps) {
  return (
    <span className="ps-doc-recipients__actions">
      <button
        type="button"
        className="ps-button"
        aria-label={`Move ${who} earlier`}
        disabled={first}
        onClick={earlier}
      >
        ↑
      </button>
      <button
        type="button"
        className="ps-button"
        aria-label={`Move ${who} later`}
        disabled={last}
        onClick={later}
      >
        ↓
      </button>
      <button
        type="button"
        className="ps-button"
        aria-label={`Remove ${who}`}
        disabled={remove === null}
        onClick={remove ?? undefined}
      >
        ✕
      </button>
    </span>
  );
}

/** The linked deal's contacts not yet signing: a click makes one a signer. */
function DealPicks({
  picks,
  onPick,
}: {
  picks: readonly FullNameOption[];
  onPick: (pick: FullNameOption) => void;
}) {
  if (picks.length === 0) return null;
  return (
    <div className="ps-doc-recipients__picks" role="group" aria-label="Contacts on the deal">
      <p>On the deal:</p>
      {picks.map((pick) => (
        <button key={pick.email} type="button" className="ps-button" onClick={() => onPick(pick)}>
          {pick.name || pick.email}
          <span className="ps-doc-recipients__pick-email"> {pick.email}</span>
        </button>
      ))}
    </div>
  );
}

interface FirmCountersignerProps {
  firm: PlacementRecipient | null;
  send: RecipientEditorProps['send'];
  error: string | undefined;
  propose: boolean;
  onChange: (changes: { name: string; email: string }) => void;
  onRemove: () => void;
}

/** The firm's countersignature as every creation screen asks it: a staff member, name, title. */
function FirmCountersigner({
  firm,
  send,
  error,
  propose,
  onChange,
  onRemove,
}: FirmCountersignerProps) {
  const staff = useStaffEmails();
  const defaults = useCountersignDefaultsQuery();
  const countersign = (next: CountersignerInput | null) => {
    if (!next) return onRemove();
    send.setCountersignerTitle(next.title ?? '');
    onChange({ name: next.name ?? '', email: next.email });
  };
  return (
    <CountersignerPicker
      className="ps-doc-recipients__firm"
      users={staff.data ?? []}
      value={
        firm
          ? {
              email: firm.email,
              ...(firm.name ? { name: firm.name } : {}),
              ...(send.countersignerTitle ? { title: send.countersignerTitle } : {}),
            }
          : null
      }
      defaultValue={propose ? (defaults.data?.defaults[DOCUMENT_FAMILY] ?? null) : null}
      onChange={countersign}
      error={error}
      requireHint="A staff member signs after every signer, in the staff app; place their signature field too."
    />
  );
}
