// The builder's recipients keep the agreement core's ids — `signer-n` for the nth signer in
// signing order, `firm` for the countersigner — because a send reads the saved fields by those
// ids (documentSendProblems, libs/domain document-send-rules.ts): adding, removing or
// reordering signers renames them, and their fields with them.
import {
  COUNTERSIGNER_RECIPIENT_ID,
  signerRecipientId,
  type PlacementRecipient,
} from '@prosign/domain';

/** The ids that must change (`old → new`) for the list to carry the core's ids. */
export function coreIdRenames(recipients: readonly PlacementRecipient[]): Record<string, string> {
  const renames: Record<string, string> = {};
  let signers = 0;
  for (const recipient of recipients) {
    const id =
      recipient.role === 'countersigner'
        ? COUNTERSIGNER_RECIPIENT_ID
        : signerRecipientId((signers += 1));
    if (recipient.id !== id) renames[recipient.id] = id;
  }
  return renames;
}

export function renamed<T extends { id: string }>(
  recipients: readonly T[],
  renames: Readonly<Record<string, string>>,
): T[] {
  return recipients.map((recipient) => ({
    ...recipient,
    id: renames[recipient.id] ?? recipient.id,
  }));
}
