import { Logger } from '@nestjs/common';
import type { AgreementMailNotes, StoredMailPending } from './agreement-mail-notes.port';
import type { MailDeliveryDoc } from './mail-delivery.collection';

/**
 * At most this many pending mails are kept on one agreement: a link, a
 * reminder, a signed copy and an invoice at once is four. A mail beyond it is
 * still sent; only the card does not list it.
 */
const MAX_PENDING_MAILS = 10;
/** Tries of a read-then-write that lost a race with another write of the array. */
const MAX_RACES = 5;
/** The longest error kept on the card (SMTP errors can carry a whole transcript). */
const MAX_ERROR_LENGTH = 300;

const logger = new Logger('MailPending');

type AgreementMail = Pick<MailDeliveryDoc, '_id' | 'template' | 'agreementId'>;

/**
 * Puts a recorded delivery on its agreement's pending mails: once (not when it
 * is there already) and only while the array has room. By `_id`, one `$push`.
 * Pending since the delivery was recorded, so the entry as first listed follows from the
 * delivery itself (`firstPendingEntryOf`) and is taken off without being read.
 */
export async function addMailPending(
  notes: AgreementMailNotes,
  delivery: AgreementMail & Partial<Pick<MailDeliveryDoc, 'createdAt'>>,
  now = new Date(),
): Promise<void> {
  if (!delivery.agreementId) return;
  const entry = pendingEntryOf(delivery, delivery.createdAt ?? now);
  const pushed = await notes.pushMailPending(delivery.agreementId, entry, MAX_PENDING_MAILS);
  if (!pushed) {
    const pending = await notes.mailPendingOf(delivery.agreementId);
    if (pending.length >= MAX_PENDING_MAILS && !pending.some((p) => p.deliveryId === delivery._id))
      logger.warn(
        `agreement ${delivery.agreementId} has ${pending.length} pending mails; ${delivery._id} is not listed on its card`,
      );
  }
}

/** A delivery's pending entry before any failed try. */
function pendingEntryOf(delivery: AgreementMail, since: Date): StoredMailPending {
  return {
    deliveryId: delivery._id,
    template: delivery.template,
    since,
    attempts: 0,
    lastError: null,
  };
}

/**
 * Notes a failed try on the pending entry (tries so far, the error). The
 * entry is addressed by its index, with its delivery id as the condition, so a
 * concurrent `$push`/`$pull` moving it only costs a re-read.
 */
export async function notePendingTryFailed(
  notes: AgreementMailNotes,
  delivery: AgreementMail,
  error: string,
): Promise<void> {
  if (!delivery.agreementId) return;
  for (let race = 0; race < MAX_RACES; race++) {
    const pending = await notes.mailPendingOf(delivery.agreementId);
    const index = pending.findIndex((p) => p.deliveryId === delivery._id);
    if (index < 0) return;
    const noted = await notes.setMailPendingTry(
      delivery.agreementId,
      index,
      delivery._id,
      (pending[index].attempts ?? 0) + 1,
      error.slice(0, MAX_ERROR_LENGTH),
    );
    if (noted) return;
  }
}

/**
 * Takes a delivery off its agreement's pending mails (sent, or finally
 * failed). `$pull` of the stored entry itself: the embedded database pulls by value only.
 * The entry as first listed is pulled at once, unread; when a failed try changed it, it is
 * read first and the pull retried if it changed again.
 */
export async function removeMailPending(
  notes: AgreementMailNotes,
  delivery: Pick<MailDeliveryDoc, '_id' | 'agreementId'> &
    Partial<Pick<MailDeliveryDoc, 'template' | 'createdAt'>>,
): Promise<void> {
  const { agreementId, template, createdAt } = delivery;
  if (!agreementId) return;
  if (template && createdAt) {
    const first = pendingEntryOf({ _id: delivery._id, template, agreementId }, createdAt);
    if (await notes.pullMailPending(agreementId, first)) return;
  }
  for (let race = 0; race < MAX_RACES; race++) {
    const pending = await notes.mailPendingOf(agreementId);
    const entry = pending.find((p) => p.deliveryId === delivery._id);
    if (!entry) return;
    if (await notes.pullMailPending(agreementId, entry)) return;
  }
  logger.warn(`pending mail ${delivery._id} could not be taken off its agreement's card`);
}
