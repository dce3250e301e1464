import type { AgreementFamily } from '../agreements/agreement-statuses';

/**
 * What ProSign writes on the CRM record of an agreement (issue 36): the folder each family's
 * files go to, and the short notes per event a salesperson reads on the deal's timeline.
 */

/** The CRM file folder of each family's signed and voided PDFs. */
export const CRM_FILE_FOLDERS: Readonly<Record<AgreementFamily, string>> = {
  standard: '/ProSign/Service agreements',
  sow: '/ProSign/Scopes of work',
  co: '/ProSign/Change orders',
};

/** The events ProSign notes on the record. */
export type CrmNoteEvent = 'sent' | 'signed' | 'declined';

export interface CrmNoteFacts {
  /** The agreement's title ("Service Agreement – 12 Main St"). */
  title: string;
  /** Where staff open the agreement's card in ProSign. */
  cardLink: string;
  /** What the event itself says (a decline's reason, in the decliner's words). */
  detail?: string | null;
}

/** The note's text: one short line on what happened, then the card's link. Never a signing link. */
export function crmNoteText(event: CrmNoteEvent, facts: CrmNoteFacts): string {
  const what = {
    sent: `"${facts.title}" was sent for signature in ProSign.`,
    signed: `"${facts.title}" was signed in ProSign. The sealed PDF with its audit trail is attached.`,
    declined: facts.detail || `"${facts.title}" was declined in ProSign.`,
  }[event];
  return `${what}\nOpen in ProSign: ${facts.cardLink}`;
}

/** The file name of a signed agreement on the record; `marker` keeps a retried upload single. */
export function crmSignedFileName(title: string, marker: string): string {
  const safe = title
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${safe || 'Agreement'} (signed) ${marker}.pdf`;
}
