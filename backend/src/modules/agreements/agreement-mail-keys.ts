import type { Types } from 'mongoose';
import { familyConfig } from './agreement-family';
import type { Agreement } from './agreement.schema';

/**
 * The mails an agreement sends: its signing link, a reminder of it, the copies, the firm's
 * request, and the notice that a signer declined (to the sender and the countersigner).
 */
export type AgreementMailKind =
  | 'review-link'
  | 'cc-copy'
  | 'reminder'
  | 'signed-copy'
  | 'countersign-request'
  | 'declined'
  /** A hand-over: the new signer's own link, and the notice to the sender. */
  | 'handover-link'
  | 'handed-over';

type KeyedAgreement = Pick<Agreement, 'family'> & { _id: Types.ObjectId | string };

/**
 * The delivery key of an agreement's mail (`sow-cc-copy.{agreementId}`): its
 * idempotency key, and so its Message-ID, job id and log name. It names the
 * agreement by `_id`, never by its signing token, which belongs in the signer's
 * link alone. `extra` tells apart mails sent more than once (a reminder's time).
 */
export function agreementMailKey(
  agreement: KeyedAgreement,
  kind: AgreementMailKind,
  ...extra: Array<string | number>
): string {
  const prefix = familyConfig(agreement.family).mailKeyPrefix;
  return [`${prefix}-${kind}`, String(agreement._id), ...extra].join('.');
}
