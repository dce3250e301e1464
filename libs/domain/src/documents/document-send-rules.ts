import { COUNTERSIGNER_RECIPIENT_ID, signerRecipientId } from '../agreements/recipient-list';
import type { Field, FieldKind, FieldPlacement } from '../pdf-fields/field-model';
import { placementProblems, type PlacementRecipient } from '../pdf-fields/field-rules';
import { capitalisedFieldName } from '../pdf-fields/field-values';

/**
 * The kinds of field the firm's countersigner fills: the countersign page stamps them from the
 * countersignature (signature, initials, the date, their name and e-mail) and asks nothing else.
 */
const COUNTERSIGNER_FIELD_KINDS: readonly FieldKind[] = [
  'signature',
  'initials',
  'dateSigned',
  'name',
  'email',
];

/** Whom a document's send names: its signers in signing order, and the firm's countersigner. */
interface DocumentSendRecipients {
  signers: readonly { name: string; email: string }[];
  countersigner: { name: string; email: string } | null;
}

/** The position n of a `signer-n` recipient id; null for any other id. */
function signerPosition(recipientId: string): number | null {
  const match = /^signer-(\d+)$/.exec(recipientId);
  return match ? Number(match[1]) : null;
}

/** Why a field is for a recipient the send does not name; null when it names them. */
function unnamedRecipientProblem(
  field: Field,
  recipients: DocumentSendRecipients,
  named: ReadonlySet<string>,
): string | null {
  if (field.recipientId === null || named.has(field.recipientId)) return null;
  const name = capitalisedFieldName(field);
  const position = signerPosition(field.recipientId);
  if (position !== null) {
    const count = recipients.signers.length;
    return `${name} is for signer ${position}, but the send names ${count} ${count === 1 ? 'signer' : 'signers'}: add signer ${position} or remove the field.`;
  }
  if (field.recipientId === COUNTERSIGNER_RECIPIENT_ID) {
    return `${name} is for the firm’s countersigner, but the send names none: add a countersigner or remove the field.`;
  }
  return null;
}

/**
 * Why a document's fields do not fit the recipients a send names, each reason for staff; empty
 * when they fit. Besides `placementProblems` (every signer and the countersigner signs, every
 * field has a recipient and lies on its page): a field for a signer or a countersigner the
 * send does not name, and a countersigner's field of a kind they do not fill.
 */
export function documentSendProblems(
  placement: FieldPlacement,
  recipients: DocumentSendRecipients,
): string[] {
  const placementRecipients: PlacementRecipient[] = [
    ...recipients.signers.map((signer, index) => ({
      id: signerRecipientId(index + 1),
      role: 'signer' as const,
      name: signer.name,
      email: signer.email,
    })),
    ...(recipients.countersigner
      ? [
          {
            id: COUNTERSIGNER_RECIPIENT_ID,
            role: 'countersigner' as const,
            name: recipients.countersigner.name,
            email: recipients.countersigner.email,
          },
        ]
      : []),
  ];
  const named = new Set(placementRecipients.map((recipient) => recipient.id));
  const problems: string[] = [];
  const unnamed = new Set<Field>();
  for (const field of placement.fields) {
    const problem = unnamedRecipientProblem(field, recipients, named);
    if (problem) {
      problems.push(problem);
      unnamed.add(field);
    }
  }
  // Those fields are named above; the rest are checked as the builder checks them.
  problems.push(
    ...placementProblems(
      { ...placement, fields: placement.fields.filter((field) => !unnamed.has(field)) },
      placementRecipients,
    ),
  );
  for (const field of placement.fields) {
    if (
      field.recipientId === COUNTERSIGNER_RECIPIENT_ID &&
      recipients.countersigner &&
      !COUNTERSIGNER_FIELD_KINDS.includes(field.kind)
    ) {
      problems.push(
        `${capitalisedFieldName(field)} is for the firm’s countersigner, who fills only signature, initials, date signed, name and e-mail fields.`,
      );
    }
  }
  return problems;
}
