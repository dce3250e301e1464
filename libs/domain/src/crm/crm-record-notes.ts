import { familyDefinition } from '../families/families';
import type { AgreementFamily } from '../agreements/agreement-statuses';
import { signerQuote, signerQuoteText } from '../signing/signer-words';
import { formatPacificDateTime } from '../time/pacific-time';

/**
 * What ProSign writes on the CRM record of an agreement: the short notes per event a
 * salesperson reads on the deal's (or the project's) timeline, the one title they all name the
 * agreement by, and the signed file's name. Where each family's files go and where its card is
 * are the family table's (`familyDefinition`).
 */

/** The agreement events ProSign writes on the CRM record (a note, and for some properties and a stage). */
export const CRM_RECORD_EVENTS = [
  'sent',
  'viewed',
  'handed-over',
  'signed',
  'declined',
  'voided',
  'expired',
  'cancelled',
  'invoice-sent',
  'invoice-paid',
] as const;
export type CrmRecordEvent = (typeof CRM_RECORD_EVENTS)[number];

/**
 * Events that only leave a note: they say nothing of the agreement's status, so they neither
 * move the deal nor touch its contract properties (a later "sent" retried through an outage
 * must still find the deal's status its own).
 */
export const CRM_NOTE_ONLY_EVENTS = [
  'viewed',
  'handed-over',
  'invoice-sent',
  'invoice-paid',
] as const satisfies readonly CrmRecordEvent[];

export function isCrmNoteOnlyEvent(event: string): boolean {
  return (CRM_NOTE_ONLY_EVENTS as readonly string[]).includes(event);
}

/** How long a title the notes and file names carry. */
const CRM_TITLE_MAX = 120;

/**
 * The one name every note and file of an agreement gives it, whatever the event: its own title
 * as its family titles it ("Scope of Work: 88 Orchard Lane"), else the family's name.
 */
export function crmAgreementTitle(
  family: AgreementFamily,
  title: string | null | undefined,
): string {
  const own = (title ?? '').replace(/\s+/g, ' ').trim();
  return (own || familyDefinition(family).label).slice(0, CRM_TITLE_MAX);
}

/** What one event's note says beyond the agreement's title, as the event was raised. */
export interface CrmEventFacts {
  /** Who did it: the decliner, the signer who handed over (or the staff member's pick). */
  by?: string | null;
  /** Who it went to: the new signer of a hand-over. */
  to?: string | null;
  /** Their own words: a decline's reason, a hand-over's note. */
  words?: string | null;
  /** Who wrote `words` when not `by` (staff who changed a signer and left a note). */
  wroteBy?: string | null;
  /** The invoice: "Deposit invoice INV-0007". */
  invoice?: string | null;
}

export interface CrmNoteFacts extends CrmEventFacts {
  /** The agreement's title (`crmAgreementTitle`). */
  title: string;
  /** Where staff open the agreement's card in ProSign. */
  cardLink: string;
  /** When it happened. */
  at: Date;
}

/**
 * The note's text: one short line on what happened, the person's own words (a decline's reason,
 * a hand-over's note) as a quotation under their name (`signerQuote`: every line after "> ", so
 * none of it reads as a line of ours), then the card's link. Never a signing link.
 */
export function crmNoteText(event: CrmRecordEvent, facts: CrmNoteFacts): string {
  const title = `"${facts.title}"`;
  const when = formatPacificDateTime(facts.at);
  const what: Record<CrmRecordEvent, string> = {
    sent: `${title} was sent for signature in ProSign.`,
    viewed: `${title} was opened by the signer for the first time.`,
    'handed-over': `${title}: handed over by ${facts.by || 'the signer'} to ${facts.to || 'another signer'} on ${when}.`,
    signed: `${title} was signed in ProSign. The sealed PDF with its audit trail is attached.`,
    declined: `${title} was declined by ${facts.by || 'the signer'} in ProSign.`,
    voided: `${title} was voided in ProSign. The VOID-stamped PDF is attached.`,
    expired: `${title} expired unsigned.`,
    cancelled: `${title} was cancelled in ProSign.`,
    'invoice-sent': `${title}: ${facts.invoice || 'an invoice'} was sent to the client.`,
    'invoice-paid': `${title}: ${facts.invoice || 'an invoice'} was marked paid.`,
  };
  const quote =
    event === 'declined' || event === 'handed-over'
      ? signerQuote(facts.wroteBy || facts.by, facts.words)
      : null;
  const said = quote ? `\n${signerQuoteText(quote)}` : '';
  return `${what[event]}${said}\nOpen in ProSign: ${facts.cardLink}`;
}

/** The file name of a signed (or voided) agreement on the record; `marker` keeps a retried upload single. */
export function crmSignedFileName(
  title: string,
  marker: string,
  kind: 'signed' | 'void' = 'signed',
): string {
  const safe = title
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CRM_TITLE_MAX);
  return `${safe || 'Agreement'} (${kind}) ${marker}.pdf`;
}

/** The status ProSign writes in the deal's contract-status property for an event that has one. */
export const CRM_CONTRACT_STATUS_OF: Readonly<
  Record<Exclude<CrmRecordEvent, (typeof CRM_NOTE_ONLY_EVENTS)[number]>, string>
> = {
  sent: 'sent',
  signed: 'signed',
  declined: 'declined',
  voided: 'voided',
  expired: 'expired',
  cancelled: 'cancelled',
};
