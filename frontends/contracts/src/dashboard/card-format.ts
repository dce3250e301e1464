import {
  CARD_ADDRESS_LIMIT,
  CONTRACT_STATUS_LABELS,
  DISPLAY_TIME_ZONE_LABEL,
  extractDocId,
  formatPacificDateTime,
  formatPacificTimestamp,
  withDocLinkMode,
  type ContractCardView,
} from '@prosign/domain';

/** The whole address of a card: street, city, state and zip. */
export function fullAddress(
  card: Pick<ContractCardView, 'site_address' | 'city' | 'state' | 'zipcode'>,
) {
  const region = [card.state, card.zipcode].filter(Boolean).join(' ');
  return [card.site_address, card.city, region].filter(Boolean).join(', ');
}

/** The address cut to 35 characters with an ellipsis (spec 2 §9); the full one goes in the title. */
export function truncatedAddress(address: string, limit = CARD_ADDRESS_LIMIT): string {
  return address.length > limit ? `${address.slice(0, limit)}…` : address;
}

/**
 * A card's created time: Pacific time cut to the minute, "2026-03-04 09:05 PST"
 * (spec 2 §9 cuts the timestamp to 16 characters; the label says the zone).
 */
export function cardCreatedTime(value: string | null): string {
  if (!value || Number.isNaN(new Date(value).getTime())) return '—';
  return `${formatPacificTimestamp(value).slice(0, 16)} ${DISPLAY_TIME_ZONE_LABEL}`;
}

/** A full Pacific time ("Mar 4, 2026, 9:05 AM PST"), or a dash when there is none. */
export function pacificTime(value: string | null | undefined): string {
  return value ? formatPacificDateTime(value) || '—' : '—';
}

/** The document the preview shows: the signed PDF when signed, the void PDF when void, else the agreement. */
export function previewDocument(card: ContractCardView): { title: string; url: string } {
  if (card.status === 'void' && card.voidDocLink) {
    return { title: 'Voided contract', url: viewUrl(card.voidDocLink) };
  }
  if ((card.status === 'signed' || card.status === 'signed_manually') && card.signedDocLink) {
    return { title: 'Signed contract', url: viewUrl(card.signedDocLink) };
  }
  return { title: 'Agreement', url: viewUrl(card.docLink) };
}

/** A document link opened for viewing (its `view` mode) when it is one of ours. */
export function viewUrl(link: string): string {
  return extractDocId(link) ? withDocLinkMode(link, 'view') : link;
}

/** Human words for a status on the card's badge (one table, in libs/domain). */
export const STATUS_LABELS: Readonly<Record<string, string>> = CONTRACT_STATUS_LABELS;

/** A CSS-safe class suffix per status: each status has its own card style (spec 2 §2.3). */
export function statusClass(status: string): string {
  return status.replace(/[^a-z]+/gi, '-');
}
