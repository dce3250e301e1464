import { Logger } from '@nestjs/common';
import { Types, type Connection } from 'mongoose';
import { loggableDeliveryId, type MailDeliveryDoc } from './mail-delivery.collection';

/**
 * A mail of an agreement that is recorded but not yet handed to the mail
 * transport (queued, or retrying after a failed try). Kept in the agreement's
 * `mailPending` array, added when the delivery is recorded and taken off when
 * it is sent or finally fails (then `mailProblem` takes over).
 */
export interface StoredMailPending {
  deliveryId: string;
  template: string;
  since: Date;
  /** Failed tries so far. */
  attempts: number;
  /** The error of the last failed try; null before one failed. */
  lastError: string | null;
}

/**
 * At most this many pending mails are kept on one agreement: a link, a
 * reminder, a signed copy and an invoice at once is four. A mail beyond it is
 * still sent; only the card does not list it.
 */
export const MAX_PENDING_MAILS = 10;
/** Tries of a read-then-write that lost a race with another write of the array. */
const MAX_RACES = 5;
/** The longest error kept on the card (SMTP errors can carry a whole transcript). */
const MAX_ERROR_LENGTH = 300;

const logger = new Logger('MailPending');

/** The stored `_id` of an agreement from the id a delivery keeps (an ObjectId as a string). */
export function agreementKey(id: string): Types.ObjectId | string {
  return Types.ObjectId.isValid(id) && String(new Types.ObjectId(id)) === id
    ? new Types.ObjectId(id)
    : id;
}

type AgreementMail = Pick<MailDeliveryDoc, '_id' | 'template' | 'agreementId'>;

const agreements = (connection: Connection) => connection.collection('agreements');

/** The pending mails stored on an agreement (read by `_id`, only that field). */
async function pendingOf(
  connection: Connection,
  agreementId: string,
): Promise<StoredMailPending[]> {
  const doc = await agreements(connection).findOne({ _id: agreementKey(agreementId) } as never, {
    projection: { mailPending: 1 },
  });
  return (doc?.mailPending as StoredMailPending[] | undefined) ?? [];
}

/**
 * Puts a recorded delivery on its agreement's pending mails: once (not when it
 * is there already) and only while the array has room. By `_id`, one `$push`.
 */
export async function addMailPending(
  connection: Connection,
  delivery: AgreementMail,
  now = new Date(),
): Promise<void> {
  if (!delivery.agreementId) return;
  const entry: StoredMailPending = {
    deliveryId: delivery._id,
    template: delivery.template,
    since: now,
    attempts: 0,
    lastError: null,
  };
  const result = await agreements(connection).updateOne(
    {
      _id: agreementKey(delivery.agreementId),
      'mailPending.deliveryId': { $ne: delivery._id },
      [`mailPending.${MAX_PENDING_MAILS - 1}`]: { $exists: false },
    } as never,
    { $push: { mailPending: entry } } as never,
  );
  if (result.matchedCount === 0) {
    const pending = await pendingOf(connection, delivery.agreementId);
    if (pending.length >= MAX_PENDING_MAILS && !pending.some((p) => p.deliveryId === delivery._id))
      logger.warn(
        `agreement ${delivery.agreementId} has ${pending.length} pending mails; ${loggableDeliveryId(delivery._id)} is not listed on its card`,
      );
  }
}

/**
 * Notes a failed try on the pending entry (tries so far, the error). The
 * entry is addressed by its index, with its delivery id as the condition, so a
 * concurrent `$push`/`$pull` moving it only costs a re-read.
 */
export async function notePendingTryFailed(
  connection: Connection,
  delivery: AgreementMail,
  error: string,
): Promise<void> {
  if (!delivery.agreementId) return;
  for (let race = 0; race < MAX_RACES; race++) {
    const pending = await pendingOf(connection, delivery.agreementId);
    const index = pending.findIndex((p) => p.deliveryId === delivery._id);
    if (index < 0) return;
    const result = await agreements(connection).updateOne(
      {
        _id: agreementKey(delivery.agreementId),
        [`mailPending.${index}.deliveryId`]: delivery._id,
      } as never,
      {
        $set: {
          [`mailPending.${index}.attempts`]: (pending[index].attempts ?? 0) + 1,
          [`mailPending.${index}.lastError`]: error.slice(0, MAX_ERROR_LENGTH),
        },
      },
    );
    if (result.matchedCount > 0) return;
  }
}

/**
 * Takes a delivery off its agreement's pending mails (sent, or finally
 * failed). `$pull` of the stored entry itself: the embedded database pulls by
 * value only, so the entry is read first and the pull retried if it changed.
 */
export async function removeMailPending(
  connection: Connection,
  delivery: Pick<MailDeliveryDoc, '_id' | 'agreementId'>,
): Promise<void> {
  if (!delivery.agreementId) return;
  for (let race = 0; race < MAX_RACES; race++) {
    const pending = await pendingOf(connection, delivery.agreementId);
    const entry = pending.find((p) => p.deliveryId === delivery._id);
    if (!entry) return;
    const result = await agreements(connection).updateOne(
      { _id: agreementKey(delivery.agreementId) } as never,
      { $pull: { mailPending: entry } } as never,
    );
    if (result.modifiedCount > 0) return;
  }
  logger.warn(
    `pending mail ${loggableDeliveryId(delivery._id)} could not be taken off its agreement's card`,
  );
}
