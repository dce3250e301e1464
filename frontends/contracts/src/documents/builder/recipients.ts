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

/** The firm's countersigner's id: the agreement core's, which the intake gives their fields too. */
export const COUNTERSIGNER_ID = COUNTERSIGNER_RECIPIENT_ID;
