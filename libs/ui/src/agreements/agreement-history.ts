import {
  AGREEMENT_EVENT_TITLES,
  familyStatuses,
  SIGNER_ACTOR,
  statusStyle,
  SYSTEM_ACTOR_NAME,
  type AgreementEventType,
  type AgreementEventView,
  type AgreementFamily,
} from '@prosign/domain';

/**
 * What a history event is called in the timeline: its title, else the title
 * of its type, else its status in words — never a raw status such as
 * "signature_saved".
 */
export function eventLabel(
  family: AgreementFamily,
  event: Pick<AgreementEventView, 'title' | 'type' | 'status'>,
): string {
  const raw: readonly string[] = familyStatuses(family);
  const title = event.title?.trim();
  if (title && !raw.includes(title) && !(title in AGREEMENT_EVENT_TITLES)) return title;
  const type = (event.type ?? title) as AgreementEventType | undefined;
  if (type && type in AGREEMENT_EVENT_TITLES) return AGREEMENT_EVENT_TITLES[type];
  return statusStyle(family, title || event.status).label;
}

/** Who did it, in words: a staff member's e-mail, the signer, or ProSign itself. */
export function actorLabel(performedBy: string | null | undefined): string {
  if (!performedBy) return '—';
  if (performedBy === SIGNER_ACTOR) return 'Signer';
  if (performedBy === SYSTEM_ACTOR_NAME) return 'ProSign (automatic)';
  return performedBy;
}
