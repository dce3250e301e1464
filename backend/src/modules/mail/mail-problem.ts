import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import type { AgreementMailNotes, StoredMailProblem } from './agreement-mail-notes.port';
import type { MailDeliveryDoc } from './mail-delivery.collection';
import type { MailDeliveryRepository } from './mail-delivery.repository';
import { removeMailPending } from './mail-pending';

/**
 * Marks a delivery failed for good and puts the problem on its agreement's card,
 * in place of the pending line it had (the problem first, so the card is never
 * silent in between).
 */
export async function markMailFailed(
  deliveries: MailDeliveryRepository,
  notes: AgreementMailNotes,
  delivery: Pick<MailDeliveryDoc, '_id' | 'template' | 'agreementId'>,
  error: string,
): Promise<void> {
  const now = new Date();
  await deliveries.markTryFailed(delivery._id, 'failed', error, now);
  if (!delivery.agreementId) return;
  const problem: StoredMailProblem = {
    deliveryId: delivery._id,
    template: delivery.template,
    error,
    at: now,
  };
  await notes.setMailProblem(delivery.agreementId, problem);
  await removeMailPending(notes, delivery);
}

/** Takes the problem off the card once the mail it named was sent. */
export async function clearMailProblem(
  notes: AgreementMailNotes,
  delivery: Pick<MailDeliveryDoc, '_id' | 'agreementId'>,
): Promise<void> {
  if (!delivery.agreementId) return;
  await notes.clearMailProblem(delivery.agreementId, delivery._id);
}

/**
 * Tells open dashboards that an agreement's card changed because of its mail
 * (now pending with another try, sent, or failed for good), as the agreement
 * core does for its own changes; best effort, as every realtime event.
 */
export async function announceMailChange(
  notes: AgreementMailNotes,
  realtime: RealtimePublisher,
  delivery: Pick<MailDeliveryDoc, 'agreementId'>,
): Promise<void> {
  if (!delivery.agreementId) return;
  const agreement = await notes.cardStateOf(delivery.agreementId);
  if (!agreement) return;
  realtime.agreementChanged({
    family: agreement.family,
    id: agreement.id,
    status: agreement.status ?? '',
  });
}
