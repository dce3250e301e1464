// Agreements from before recipients: their one signer read as a recipient list.
import { text } from './recipient-text';
import type { Recipient, RecipientState, RecipientTimes } from './recipients';

/** The id the one signer of an agreement from before recipients is read under, at every read. */
export const SINGLE_SIGNER_RECIPIENT_ID = 'signer-1';

type StoredTime = Date | string | null | undefined;

/** The single-signer fields an agreement from before recipients has. */
export interface SingleSignerRecord {
  name: string;
  email: string;
  phone?: string | null;
  /** The agreement's status (null: not yet published by its send). */
  status: string | null;
  /** When the link was sent: the agreement's `createdAt`. */
  sentAt: StoredTime;
  viewedAt: StoredTime;
  viewedIp?: string | null;
  signatureSavedAt: StoredTime;
  signatureSavedIp?: string | null;
  signedAt: StoredTime;
  signedIp?: string | null;
}

function isoOf(time: StoredTime): string | null {
  if (time == null || time === '') return null;
  const date = time instanceof Date ? time : new Date(time);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The signer's state from the agreement's status. The status says where the
 * signer is now (times alone cannot: a cleared signature keeps its saved
 * time); only once the link closed (cancelled, expired, resent) do the times
 * say how far the signer got.
 */
function singleSignerState(record: SingleSignerRecord, times: RecipientTimes): RecipientState {
  switch (record.status) {
    case null:
      return 'waiting';
    case 'viewed':
      return 'viewed';
    case 'signature_saved':
      return 'signature-saved';
    // Only a signed agreement can be voided; marked as signed counts as signed.
    case 'signed':
    case 'signed_manually':
    case 'void':
      return 'signed';
    case 'declined':
      return 'declined';
    case 'cancelled':
    case 'expired':
    case 'resent':
    case 'edited_resent':
      if (times.signedAt) return 'signed';
      if (times.signatureSavedAt) return 'signature-saved';
      if (times.viewedAt) return 'viewed';
      return times.invitedAt ? 'invited' : 'waiting';
    default:
      // The initial status ("not signed", "not-signed"), and an unknown one,
      // which every screen treats as the initial status.
      return 'invited';
  }
}

/**
 * An agreement from before recipients read as one signer recipient, so every
 * rule here applies to it unchanged. The times are kept as recorded; the user
 * agent is not on the old record (only in its events), so it reads as null.
 */
export function singleSignerRecipients(record: SingleSignerRecord): Recipient[] {
  const times: RecipientTimes = {
    invitedAt: record.status === null ? null : isoOf(record.sentAt),
    viewedAt: isoOf(record.viewedAt),
    signatureSavedAt: isoOf(record.signatureSavedAt),
    signedAt: isoOf(record.signedAt),
  };
  const state = singleSignerState(record, times);
  const ipOfState: Record<RecipientState, string | null | undefined> = {
    waiting: null,
    invited: null,
    viewed: record.viewedIp,
    'signature-saved': record.signatureSavedIp,
    signed: record.signedIp,
    declined: null,
  };
  const phone = text(record.phone);
  return [
    {
      id: SINGLE_SIGNER_RECIPIENT_ID,
      role: 'signer',
      name: text(record.name),
      email: text(record.email),
      ...(phone ? { phone } : {}),
      order: 1,
      state,
      times,
      lastActionIp: ipOfState[state] ?? null,
      lastActionUserAgent: null,
    },
  ];
}
