import {
  CARD_ADDRESS_LIMIT,
  extractDocId,
  formatPacificDateTime,
  isReminderLocked,
  withDocLinkMode,
  type AgreementCardCore,
} from '@prosign/domain';

/** The address cut to 35 characters with an ellipsis (spec 2 §9); the full one goes in the title. */
export function truncatedAddress(address: string, limit = CARD_ADDRESS_LIMIT): string {
  return address.length > limit ? `${address.slice(0, limit)}…` : address;
}

/**
 * A card's created time in the one format, "2026-03-04 09:05 PST" (spec 2 §9
 * cuts the timestamp to 16 characters; the label says the zone), or a dash.
 */
export function cardCreatedTime(value: string | null): string {
  return pacificTime(value);
}

/** Any time shown in the one format ("2026-03-04 09:05 PST"), or a dash when there is none. */
export function pacificTime(value: string | null | undefined): string {
  return formatPacificDateTime(value) || '—';
}

/** A document link opened for viewing (its `view` mode) when it is one of ours. */
function viewUrl(link: string): string {
  return extractDocId(link) ? withDocLinkMode(link, 'view') : link;
}

export type PreviewKind = 'voided' | 'signed' | 'agreement';

/** The document a preview shows: the signed PDF when signed, the void PDF when void, else the agreement. */
export function previewDocument(
  card: Pick<AgreementCardCore, 'status' | 'docLink' | 'signedDocLink' | 'voidDocLink'>,
): { kind: PreviewKind; url: string } {
  if (card.status === 'void' && card.voidDocLink) {
    return { kind: 'voided', url: viewUrl(card.voidDocLink) };
  }
  if ((card.status === 'signed' || card.status === 'signed_manually') && card.signedDocLink) {
    return { kind: 'signed', url: viewUrl(card.signedDocLink) };
  }
  return { kind: 'agreement', url: viewUrl(card.docLink) };
}

/** A CSS-safe class suffix per status: each status has its own card style (spec 2 §2.3). */
export function statusClass(status: string): string {
  return status.replace(/[^a-z]+/gi, '-');
}

/**
 * The Send Reminder tooltip (spec 2 §4): the last reminder and when the next
 * one can be sent, or that none was sent yet.
 */
export function reminderTooltip(
  card: Pick<AgreementCardCore, 'remindersAt' | 'isDeactiveReminder' | 'reminderDeactivateTime'>,
  now: Date,
): string {
  const last = card.remindersAt.length ? card.remindersAt[card.remindersAt.length - 1] : null;
  if (!last) return 'No reminders sent yet';
  const next =
    isReminderLocked(card, now) && card.reminderDeactivateTime
      ? `Next reminder can be sent after ${pacificTime(card.reminderDeactivateTime)}`
      : 'Next reminder can be sent now';
  return `Last reminder sent ${pacificTime(last)}. ${next}.`;
}
