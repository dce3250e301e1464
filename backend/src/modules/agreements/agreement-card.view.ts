import {
  emailCodeLockedOf,
  isWaitingSeal,
  SEAL_WAITING_MESSAGES,
  eventTitle,
  type AgreementSealWaiting,
  type AgreementCardCore,
  type AgreementEventType,
  type AgreementStatus,
  type AgreementSummary,
} from '@prosign/domain';
import { recipientsOf } from './agreement-recipients';
import type { Agreement } from './agreement.schema';

/** A stored agreement as a lean list query returns it. */
export type StoredAgreement<TForm extends object = object> = Agreement<TForm> & { _id: unknown };

/** Lifecycle fields no list card needs (search text, progress, the chain's hashes): left out. */
export const CARD_CORE_PROJECTION: Record<string, 0> = {
  searchText: 0,
  send: 0,
  // The finish's steps and its run's lease are no card's; its state and error say whether the
  // seal waits (the card's line).
  'finish.steps': 0,
  'finish.params': 0,
  headHash: 0,
  'events.hash': 0,
  'events.prevHash': 0,
  'events.data': 0,
};

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

/** The lifecycle part of a card, the same for every family (spec 2 §2.3, spec 3 §2): dates as ISO strings. */
export function agreementCardCore(
  agreement: StoredAgreement,
  summary: AgreementSummary,
  status: AgreementStatus = agreement.status as AgreementStatus,
): AgreementCardCore {
  return {
    _id: String(agreement._id),
    family: agreement.family,
    summary,
    status,
    recipients: recipientsOf(agreement, {
      name: summary.recipientName,
      email: summary.recipientEmail,
      phone: summary.recipientPhone,
    }),
    docLink: agreement.docLink,
    signingLink: agreement.signingLink,
    signedDocLink: agreement.signedDocLink ?? null,
    voidDocLink: agreement.voidDocLink ?? null,
    createdAt: iso(agreement.createdAt),
    createdIp: agreement.createdIp ?? null,
    viewedAt: iso(agreement.viewedAt),
    viewedIp: agreement.viewedIp ?? null,
    signatureSavedAt: iso(agreement.signatureSavedAt),
    signatureSavedIp: agreement.signatureSavedIp ?? null,
    signedAt: iso(agreement.signedAt),
    signedIp: agreement.signedIp ?? null,
    viewedTimes: agreement.viewedTimes ?? 0,
    viewedByPhoneCount: agreement.viewedByPhoneCount ?? 0,
    viewedByEmailCount: agreement.viewedByEmailCount ?? 0,
    remindersAt: (agreement.remindersAt ?? []).map((at) => new Date(at).toISOString()),
    isDeactiveReminder: Boolean(agreement.isDeactiveReminder),
    reminderDeactivateTime: iso(agreement.reminderDeactivateTime),
    isResend: Boolean(agreement.isResend),
    isEditResend: Boolean(agreement.isEditResend),
    resendAt: iso(agreement.resendAt),
    editResendAt: iso(agreement.editResendAt),
    history: (agreement.events ?? []).map((event) => ({
      timestamp: new Date(event.at).toISOString(),
      type: event.type as AgreementEventType,
      title: eventTitle(event.type),
      status: event.status ?? '',
      userAgent: event.userAgent ?? null,
      performedBy: event.actor,
      ipAddress: event.ip ?? null,
    })),
    presence: agreement.presence
      ? { active: agreement.presence.active, at: new Date(agreement.presence.at).toISOString() }
      : null,
    mailProblem: agreement.mailProblem
      ? {
          deliveryId: agreement.mailProblem.deliveryId,
          mail: agreement.mailProblem.template,
          error: agreement.mailProblem.error,
          at: new Date(agreement.mailProblem.at).toISOString(),
        }
      : null,
    mailPending: (agreement.mailPending ?? []).map((pending) => ({
      deliveryId: pending.deliveryId,
      mail: pending.template,
      since: new Date(pending.since).toISOString(),
      attempts: pending.attempts ?? 0,
      lastError: pending.lastError ?? null,
    })),
    sealWaiting: sealWaitingOf(agreement.finish),
    emailCodeLocked: emailCodeLockedOf(agreement.emailCodeFailures),
    declined: agreement.declinedAt
      ? {
          at: new Date(agreement.declinedAt).toISOString(),
          recipientId: agreement.declinedBy ?? '',
          reason: agreement.declineReason ?? '',
        }
      : null,
  };
}

/** Whether (and since when) a finish waits at the seal for the time-stamp service or revocation data. */
export function sealWaitingOf(
  finish:
    | {
        state?: string;
        failedStep?: string | null;
        lastError?: string | null;
        startedAt?: Date | null;
        failedAt?: Date | null;
      }
    | null
    | undefined,
): AgreementSealWaiting | null {
  if (!finish || finish.state !== 'in_progress') return null;
  const operation = {
    operation: 'finish' as const,
    failedStep: finish.failedStep ?? null,
    lastError: finish.lastError ?? null,
  };
  if (!isWaitingSeal(operation)) return null;
  return {
    since: iso(finish.startedAt ?? finish.failedAt ?? null),
    waitingFor: (finish.lastError ?? '').includes(SEAL_WAITING_MESSAGES[0])
      ? 'time-stamp service'
      : 'revocation data',
  };
}
