import type { PlacementRecipient } from '@prosign/domain';
import { newRecipient, recipientColour, recipientLabel } from './recipients';

interface RecipientEditorProps {
  recipients: PlacementRecipient[];
  onChange: (recipients: PlacementRecipient[]) => void;
  /** A recipient's fields go unassigned when they are removed. */
  onRemove: (id: string) => void;
  readOnly: boolean;
}

/** The signers, in the order they sign: name and e-mail each, added, reordered, removed. */
export function RecipientEditor({
  recipients,
  onChange,
  onRemove,
  readOnly,
}: RecipientEditorProps) {
  const edit = (index: number, changes: Partial<PlacementRecipient>) =>
    onChange(
      recipients.map((recipient, at) => (at === index ? { ...recipient, ...changes } : recipient)),
    );
  const swap = (index: number, other: number) => {
    const next = [...recipients];
    [next[index], next[other]] = [next[other], next[index]];
    onChange(next);
  };
  return (
    <section className="ps-doc-recipients" aria-labelledby="ps-doc-recipients-title">
      <h3 id="ps-doc-recipients-title">Signers, in signing order</h3>
      <ol>
        {recipients.map((recipient, index) => {
          const who = recipientLabel(recipient, index);
          return (
            <li key={recipient.id} style={{ borderLeftColor: recipientColour(index) }}>
              <input
                aria-label={`Name of signer ${index + 1}`}
                value={recipient.name}
                placeholder="Name"
                readOnly={readOnly}
                onChange={(event) => edit(index, { name: event.target.value })}
              />
              <input
                type="email"
                aria-label={`E-mail of signer ${index + 1}`}
                value={recipient.email}
                placeholder="E-mail"
                readOnly={readOnly}
                onChange={(event) => edit(index, { email: event.target.value })}
              />
              {readOnly ? null : (
                <span className="ps-doc-recipients__actions">
                  <button
                    type="button"
                    className="ps-button"
                    aria-label={`Move ${who} earlier`}
                    disabled={index === 0}
                    onClick={() => swap(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="ps-button"
                    aria-label={`Move ${who} later`}
                    disabled={index === recipients.length - 1}
                    onClick={() => swap(index, index + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="ps-button"
                    aria-label={`Remove ${who}`}
                    disabled={recipients.length === 1}
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
        <button
          type="button"
          className="ps-button"
          onClick={() => onChange([...recipients, newRecipient(recipients)])}
        >
          Add a signer
        </button>
      )}
    </section>
  );
}
