import type { Connection } from 'mongoose';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import { mailDeliveries, type MailDeliveryDoc } from './mail-delivery.collection';
import { agreementKey, removeMailPending } from './mail-pending';

/**
 * The mail problem an agreement's card shows: the last of its mails that
 * finally failed. Written on the agreement by `_id` (one document), cleared
 * once that mail is sent.
 */
export interface StoredMailProblem {
  deliveryId: string;
  template: string;
  error: string;
  at: Date;
}

/**
 * Marks a delivery failed for good and puts the problem on its agreement's card,
 * in place of the pending line it had (the problem first, so the card is never
 * silent in between).
 */
export async function markMailFailed(
  connection: Connection,
  delivery: Pick<MailDeliveryDoc, '_id' | 'template' | 'agreementId'>,
  error: string,
): Promise<void> {
  const now = new Date();
  await mailDeliveries(connection).updateOne(
    { _id: delivery._id },
    { $set: { status: 'failed', lastError: error, updatedAt: now } },
  );
  if (!delivery.agreementId) return;
  const problem: StoredMailProblem = {
    deliveryId: delivery._id,
    template: delivery.template,
    error,
    at: now,
  };
  await connection
    .collection('agreements')
    .updateOne({ _id: agreementKey(delivery.agreementId) } as never, {
      $set: { mailProblem: problem },
    });
  await removeMailPending(connection, delivery);
}

/** Takes the problem off the card once the mail it named was sent. */
export async function clearMailProblem(
  connection: Connection,
  delivery: Pick<MailDeliveryDoc, '_id' | 'agreementId'>,
): Promise<void> {
  if (!delivery.agreementId) return;
  await connection
    .collection('agreements')
    .updateOne(
      { _id: agreementKey(delivery.agreementId), 'mailProblem.deliveryId': delivery._id } as never,
      { $set: { mailProblem: null } },
    );
}

/**
 * Tells open dashboards that an agreement's card changed because of its mail
 * (now pending with another try, sent, or failed for good), as the agreement
 * core does for its own changes; best effort, as every realtime event.
 */
export async function announceMailChange(
  connection: Connection,
  realtime: RealtimePublisher,
  delivery: Pick<MailDeliveryDoc, 'agreementId'>,
): Promise<void> {
  if (!delivery.agreementId) return;
  const agreement = await connection
    .collection('agreements')
    .findOne({ _id: agreementKey(delivery.agreementId) } as never, {
      projection: { family: 1, status: 1 },
    });
  if (!agreement) return;
  realtime.contractChanged({
    family: agreement.family as 'standard' | 'sow' | 'co',
    id: String(agreement._id),
    status: (agreement.status as string | null) ?? '',
  });
}
