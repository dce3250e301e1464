import { useCountersignDefaultsQuery, useStaffEmails } from '@prosign/api-client';
import {
  nameFromStaffEmail,
  type CountersignerInput,
  type FullNameOption,
  type PlacementRecipient,
} from '@prosign/domain';
import { CountersignerPicker, Field } from '@prosign/ui/forms';
import { useState } from 'react';
import {
  recipientInputId,
  type RecipientInputName,
  type RecipientProblem,
} from './recipient-problems';
import { COUNTERSIGNER_ID, newRecipient, recipientColour, recipientLabel } from './recipients';

/** The family whose admin defaults (countersigner) the builder proposes. */
const DOCUMENT_FAMILY = 'document';

interface RecipientEditorProps {
  recipients: PlacementRecipient[];
  onChange: (recipients: PlacementRecipient[]) => void;
  /** A recipient's fields go unassigned when they are removed. */
  onRemove: (id: string) => void;
  readOnly: boolean;
  /** What is wrong with each signer's inputs (recipient-problems.ts). */
  problems: readonly RecipientProblem[];
  /** Every problem is shown, not only those of inputs left (a send was tried). */
  showAllProblems: boolean;
  /** The linked deal's contacts: one click makes one a signer. */
  picks: readonly FullNameOption[];
  /** The title printed under the firm's signature (not kept with the draft). */
  countersignerTitle: string;
  onCountersignerTitle: (title: string) => void;
  /** Whether the firm's default countersigner is proposed (a draft nobody changed yet). */
  proposeCountersigner: boolean;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The signers, in the order they sign (name and e-mail each, added, reordered, removed, or
 * picked from the deal's contacts), and the firm's countersignature: the staff member who
 * countersigns, as every creation screen picks them.
 */
export function RecipientEditor({
  recipients,
  onChange,
  onRemove,
  readOnly,
  problems,
  showAllProblems,
  picks,
  countersignerTitle,
  onCountersignerTitle,
  proposeCountersigner,
}: RecipientEditorProps) {
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const staff = useStaffEmails();
  const defaults = useCountersignDefaultsQuery();
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
    showAllProblems || left.has(`${id}:${input}`)
      ? problems.find((problem) => problem.recipientId === id && problem.input === input)?.message
      : undefined;
  const leave = (id: string, input: RecipientInputName) =>
    setLeft((previous) => new Set(previous).add(`${id}:${input}`));

  const unused = picks.filter(
    (pick) => pick.email.trim() && !signers.some((signer) => sameEmail(signer.email, pick.email)),
  );
  const pickSigner = (pick: FullNameOption) => {
    const empty = signers.find((signer) => !signer.name.trim() && !signer.email.trim());
    if (empty) edit(empty.id, { name: pick.name, email: pick.email });
    else {
      const added = { ...newRecipient(recipients), name: pick.name, email: pick.email };
      // Signers before the countersigner, who signs last.
      onChange(firm ? [...signers, added, firm] : [...recipients, added]);
    }
  };

  const countersign = (next: CountersignerInput | null) => {
    if (!next) {
      if (firm) onRemove(firm.id);
      return;
    }
    onCountersignerTitle(next.title ?? '');
    const changes = { name: next.name ?? '', email: next.email };
    if (firm) edit(firm.id, changes);
    else onChange([...recipients, { id: COUNTERSIGNER_ID, role: 'countersigner', ...changes }]);
  };

  return (
    <section className="ps-doc-recipients" aria-labelledby="ps-doc-recipients-title">
      <h3 id="ps-doc-recipients-title">Signers, in signing order</h3>
      <ol>
        {signers.map((recipient, index) => {
          const at = recipients.indexOf(recipient);
          const who = recipientLabel(recipient, index);
          const number = index + 1;
          return (
            <li key={recipient.id} style={{ borderLeftColor: recipientColour(at) }}>
              <Field
                id={recipientInputId(recipient.id, 'name')}
                label={
                  <>
                    Name<span className="ps-visually-hidden"> of signer {number}</span>
                  </>
                }
                required
                error={errorOf(recipient.id, 'name')}
              >
                {(aria) => (
                  <input
                    {...aria}
                    className="ps-input"
                    autoComplete="off"
                    value={recipient.name}
                    readOnly={readOnly}
                    onChange={(event) => edit(recipient.id, { name: event.target.value })}
                    onBlur={() => leave(recipient.id, 'name')}
                  />
                )}
              </Field>
              <Field
                id={recipientInputId(recipient.id, 'email')}
                label={
                  <>
                    E-mail<span className="ps-visually-hidden"> of signer {number}</span>
                  </>
                }
                required
                error={errorOf(recipient.id, 'email')}
              >
                {(aria) => (
                  <input
                    {...aria}
                    type="email"
                    className="ps-input"
                    autoComplete="off"
                    value={recipient.email}
                    readOnly={readOnly}
                    onChange={(event) => edit(recipient.id, { email: event.target.value })}
                    onBlur={() => leave(recipient.id, 'email')}
                  />
                )}
              </Field>
              {readOnly ? null : (
                <span className="ps-doc-recipients__actions">
                  <button
                    type="button"
                    className="ps-button"
                    aria-label={`Move ${who} earlier`}
                    disabled={index === 0}
                    onClick={() => swap(recipient, signers[index - 1])}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="ps-button"
                    aria-label={`Move ${who} later`}
                    disabled={index === signers.length - 1}
                    onClick={() => swap(recipient, signers[index + 1])}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="ps-button"
                    aria-label={`Remove ${who}`}
                    disabled={signers.length === 1}
                    onClick={() => onRemove(recipient.id)}
                  >
                    ✕
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {readOnly ? null : (
        <>
          {unused.length > 0 ? (
            <div
              className="ps-doc-recipients__picks"
              role="group"
              aria-label="Contacts on the deal"
            >
              <p>On the deal:</p>
              {unused.map((pick) => (
                <button
                  key={pick.email}
                  type="button"
                  className="ps-button"
                  onClick={() => pickSigner(pick)}
                >
                  {pick.name || pick.email}
                  <span className="ps-doc-recipients__pick-email"> {pick.email}</span>
                </button>
              ))}
            </div>
          ) : null}
          <button
            type="button"
            className="ps-button"
            onClick={() =>
              onChange(
                firm
                  ? [...signers, newRecipient(recipients), firm]
                  : [...recipients, newRecipient(recipients)],
              )
            }
          >
            Add a signer
          </button>
          <CountersignerPicker
            className="ps-doc-recipients__firm"
            users={staff.data ?? []}
            value={
              firm
                ? {
                    email: firm.email,
                    ...(firm.name ? { name: firm.name } : {}),
                    ...(countersignerTitle ? { title: countersignerTitle } : {}),
                  }
                : null
            }
            defaultValue={
              proposeCountersigner ? (defaults.data?.defaults[DOCUMENT_FAMILY] ?? null) : null
            }
            onChange={countersign}
            error={firm ? errorOf(firm.id, 'email') : undefined}
            requireHint="A staff member signs after every signer, in the staff app; place their signature field too."
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
