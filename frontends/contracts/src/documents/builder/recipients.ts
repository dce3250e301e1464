// The recipients of the document being prepared, for this step only: signers in signing order,
// each with a colour their fields wear on the page.
import { COUNTERSIGNER_RECIPIENT_ID, type PlacementRecipient } from '@prosign/domain';

/** Distinct on white and readable as a border and a tint (contrast ≥ 3:1 for the borders). */
const RECIPIENT_COLOURS = ['#1d4ed8', '#b45309', '#047857', '#9d174d', '#6d28d9', '#0e7490'];

let lastRecipient = 0;

/** A new signer; its id skips those `taken` (a restored draft holds ids an earlier page made). */
export function newRecipient(taken: readonly { id: string }[] = []): PlacementRecipient {
  const ids = new Set(taken.map((recipient) => recipient.id));
  do lastRecipient += 1;
  while (ids.has(`recipient-${lastRecipient}`));
  return { id: `recipient-${lastRecipient}`, role: 'signer', name: '', email: '' };
}

export function recipientColour(index: number): string {
  return RECIPIENT_COLOURS[index % RECIPIENT_COLOURS.length];
}

/** How the builder names a recipient: their name, else their e-mail, else their place in order. */
export function recipientLabel(recipient: PlacementRecipient, index: number): string {
  const fallback =
    recipient.role === 'countersigner' ? 'The firm’s countersigner' : `Signer ${index + 1}`;
  return recipient.name.trim() || recipient.email.trim() || fallback;
}

/**
 * The recipients the uploaded fields name: the intake gives the nth signer of a tag `signer-n`
 * (form fields go to `signer-1`) and the firm's countersigner `firm` (COUNTERSIGNER_RECIPIENT_ID);
 * at least one signer.
 */
export function recipientsOfUpload(
  fields: readonly { recipientId: string | null }[],
): PlacementRecipient[] {
  const ids = new Set(fields.map((field) => field.recipientId));
  const positions = [...ids].flatMap((id) => {
    const match = id ? /^signer-(\d+)$/.exec(id) : null;
    return match ? [Number(match[1])] : [];
  });
  const signers = Math.max(1, ...positions);
  const recipients: PlacementRecipient[] = Array.from({ length: signers }, (_, index) => ({
    id: `signer-${index + 1}`,
    role: 'signer',
    name: '',
    email: '',
  }));
  if (ids.has(COUNTERSIGNER_RECIPIENT_ID)) {
    recipients.push({ id: COUNTERSIGNER_RECIPIENT_ID, role: 'countersigner', name: '', email: '' });
  }
  return recipients;
}
