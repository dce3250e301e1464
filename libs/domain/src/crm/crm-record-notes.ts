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

/** The agreement events ProSign writes on the CRM record (a note, properties, maybe a stage). */
export const CRM_RECORD_EVENTS = [
  'sent',
  'viewed',
  'signed',
  'declined',
  'voided',
  'expired',
  'cancelled',
] as const;
export type CrmRecordEvent = (typeof CRM_RECORD_EVENTS)[number];

export interface CrmNoteFacts {
  /** The agreement's title ("Service Agreement – 12 Main St"). */
  title: string;
  /** Where staff open the agreement's card in ProSign. */
  cardLink: string;
  /** What the event itself says (a decline's reason, in the decliner's words). */
  detail?: string | null;
}

/** The note's text: one short line on what happened, then the card's link. Never a signing link. */
export function crmNoteText(event: CrmRecordEvent, facts: CrmNoteFacts): string {
  const what: Record<CrmRecordEvent, string> = {
    sent: `"${facts.title}" was sent for signature in ProSign.`,
    viewed: `"${facts.title}" was opened by the signer for the first time.`,
    signed: `"${facts.title}" was signed in ProSign. The sealed PDF with its audit trail is attached.`,
    declined: facts.detail || `"${facts.title}" was declined in ProSign.`,
    voided: `"${facts.title}" was voided in ProSign. The VOID-stamped PDF is attached.`,
    expired: `"${facts.title}" expired unsigned.`,
    cancelled: `"${facts.title}" was cancelled in ProSign.`,
  };
  const text =
    facts.detail && event !== 'declined' ? `${what[event]} ${facts.detail}` : what[event];
  return `${text}\nOpen in ProSign: ${facts.cardLink}`;
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
    .slice(0, 120);
  return `${safe || 'Agreement'} (${kind}) ${marker}.pdf`;
}

/** The status ProSign writes in the deal's contract-status property for an event. */
export const CRM_CONTRACT_STATUS_OF: Readonly<Record<CrmRecordEvent, string>> = {
  sent: 'sent',
  viewed: 'viewed',
  signed: 'signed',
  declined: 'declined',
  voided: 'voided',
  expired: 'expired',
  cancelled: 'cancelled',
};
