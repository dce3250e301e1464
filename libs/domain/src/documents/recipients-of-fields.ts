// The recipients a document's fields name before staff enter anyone: the draft's first signer
// list, made by the server when a draft is created and by the builder's tests alike.
import { COUNTERSIGNER_RECIPIENT_ID } from '../agreements/recipient-list';
import type { DraftSigner } from './document-draft';

/** More signers than this are not made up from tags (`{{signature:999}}` is a typo, not 999 people). */
const MAX_SIGNERS_FROM_FIELDS = 50;

/**
 * The signers (in signing order) and the firm's countersigner that `fields` are for, with no
 * name or e-mail yet: the nth signer is `signer-n` (the intake gives form fields to `signer-1`
 * and a tag's field to the signer it names), the countersigner is `firm`
 * (COUNTERSIGNER_RECIPIENT_ID). There is always at least one signer, and every signer up to the
 * highest named, so the order holds.
 */
export function recipientsOfFields(
  fields: readonly { recipientId: string | null }[],
): DraftSigner[] {
  const ids = new Set(fields.map((field) => field.recipientId));
  const positions = [...ids].flatMap((id) => {
    const match = id ? /^signer-(\d+)$/.exec(id) : null;
    return match ? [Number(match[1])] : [];
  });
  const count = Math.min(Math.max(1, ...positions), MAX_SIGNERS_FROM_FIELDS);
  const signers: DraftSigner[] = Array.from({ length: count }, (_, index) => ({
    id: `signer-${index + 1}`,
    role: 'signer',
    name: '',
    email: '',
  }));
  if (ids.has(COUNTERSIGNER_RECIPIENT_ID)) {
    signers.push({ id: COUNTERSIGNER_RECIPIENT_ID, role: 'countersigner', name: '', email: '' });
  }
  return signers;
}
