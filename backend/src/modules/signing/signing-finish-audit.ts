// What the audit trail of a finished agreement says: each recipient and how they proved who they
// are, and the agreement's events as the trail lists them.
import {
  describeUserAgent,
  formatPacificTimestamp,
  recipientSignature,
  SIGNER_ACTOR,
  signingProgress,
  SINGLE_SIGNER_RECIPIENT_ID,
  type RecipientRole,
} from '@prosign/domain';
import { recipientsOf, type Agreement, type RecipientSource } from '../agreements';
import type {
  AuditEvent,
  AuditEventType,
  AuditRecipient,
  AuditSigningProgress,
  DeviceKind,
} from '../documents';
import { signerName } from './signing.service';

/** How each kind of recipient proved who they are, as the audit trail says it. */
const AUTHENTICATION_OF_ROLE: Readonly<Record<RecipientRole, string>> = {
  signer: 'Own signing link by e-mail, captcha',
  countersigner: 'Signed in to ProSign (staff account)',
  cc: 'None (copy only)',
};

/**
 * How a recipient was authenticated, in words: a signer of an agreement that requires an
 * e-mail code also "E-mail code verified at …" (their last verification in the event log).
 */
function authenticationOf(
  agreement: Pick<Agreement<object>, 'events' | 'requireEmailCode'>,
  recipientId: string,
  role: RecipientRole,
): string {
  const base = AUTHENTICATION_OF_ROLE[role];
  if (role !== 'signer' || !agreement.requireEmailCode) return base;
  const verified = (agreement.events ?? [])
    .filter(
      (event) =>
        event.type === 'email_code_verified' &&
        (event.data as { recipientId?: unknown } | null)?.recipientId === recipientId,
    )
    .map((event) => new Date(event.at))
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return verified
    ? `${base}. E-mail code verified at ${formatPacificTimestamp(verified)}`
    : `${base}, e-mail code`;
}

/**
 * The certificate's recipients and status line, each recipient's signature read from the
 * record by the shared rule (`recipientSignature`, `signingProgress`), never from the events.
 */
export function auditRecipientsOf(
  agreement: Pick<Agreement<object>, 'events' | 'requireEmailCode'> & RecipientSource,
  signer: { name: string; email: string },
): { recipients: AuditRecipient[]; progress: AuditSigningProgress } {
  const recipients = recipientsOf(agreement, signer);
  const progress = signingProgress(recipients);
  return {
    recipients: recipients.map((r) => {
      const signature = recipientSignature(r);
      return {
        recipientId: r.id,
        role: r.role,
        name: r.name,
        email: r.email,
        authentication: authenticationOf(agreement, r.id, r.role),
        signed: signature.signed,
        signedAt: signature.signedAt ? new Date(signature.signedAt) : null,
      };
    }),
    progress: {
      signed: progress.signed,
      total: progress.total,
      completedAt: progress.completedAt ? new Date(progress.completedAt) : null,
    },
  };
}

/** How a view came, in words: a link from a mail or a text, or the staff app (countersigner). */
const VIEW_CHANNEL_NAMES: Readonly<Record<string, string>> = {
  email: 'e-mail',
  phone: 'text message',
  staff: 'the ProSign staff app',
};

/** Event-log types the audit trail shows, as its own names. */
const AUDIT_TYPE_OF: Readonly<Record<string, AuditEventType>> = {
  sent: 'sent',
  viewed: 'viewed',
  email_code_verified: 'email_code_verified',
  email_code_locked: 'email_code_locked',
  email_code_reopened: 'email_code_reopened',
  signature_saved: 'signature_saved',
  signature_changed: 'signature_changed',
  consent: 'consent',
  signed: 'signed',
  reminder_sent: 'reminder_sent',
  resent: 'resent',
  edited_resent: 'edited_resent',
  signed_manually: 'signed_manually',
  declined: 'declined',
  handed_over: 'handed_over',
  signer_changed: 'handed_over',
  cancelled: 'cancelled',
  void: 'voided',
  seal_level_lowered: 'seal_level_lowered',
};

/** The audit trail's events, oldest first, from the agreement's event log (every view, every step). */
export function auditEventsOf(
  agreement: Pick<Agreement<object>, 'events' | 'form' | 'family' | 'recipients'>,
): AuditEvent[] {
  const signer = signerName(agreement);
  // Another signer's events name them (their address), as the first signer's name her.
  const others = new Map((agreement.recipients ?? []).map((r) => [r.id, r.email || r.name]));
  const severalSigners = signingRecipientCount(agreement) > 1;
  const events: AuditEvent[] = [];
  // A place handed over names, before the hand-over, the signer who held it then.
  const heldBy = holdersOverTime(agreement.events ?? []);
  for (const [position, event] of (agreement.events ?? []).entries()) {
    const type = AUDIT_TYPE_OF[event.type];
    if (!type) continue;
    const recipientId = (event.data as { recipientId?: unknown } | null)?.recipientId;
    const earlier = heldBy(position, typeof recipientId === 'string' ? recipientId : null);
    // With several signers each signature is its own event; the agreement's own "signed"
    // (the last signature starting the seal) would repeat the last one.
    if (severalSigners && event.type === 'signed' && typeof recipientId !== 'string') continue;
    const byOther = typeof recipientId === 'string' ? others.get(recipientId) : undefined;
    const audit: AuditEvent = {
      type,
      at: new Date(event.at),
      actor: event.actor === SIGNER_ACTOR ? (earlier ?? byOther ?? signer) : event.actor,
    };
    if (type === 'handed_over') {
      const data = event.data ?? {};
      const from = String(data.fromName || data.fromEmail || '');
      audit.handover = `from ${from} to ${String(data.toName ?? '')} <${String(data.toEmail ?? '')}>`;
      if (typeof data.note === 'string' && data.note) audit.reason = data.note;
    }
    if (event.ip) audit.ip = event.ip;
    // The signer's browser in words on what the signer did (staff and system events have none).
    if (event.actor === SIGNER_ACTOR && event.userAgent) {
      audit.userAgent = describeUserAgent(event.userAgent);
    }
    if (type === 'consent' && typeof event.data?.disclosureVersion === 'string') {
      audit.consentVersion = event.data.disclosureVersion;
    }
    if (typeof recipientId === 'string') audit.recipientId = recipientId;
    if (type === 'declined' && typeof event.data?.reason === 'string') {
      audit.reason = event.data.reason;
    }
    if (type === 'seal_level_lowered') {
      audit.reason = `sealed at PAdES ${String(event.data?.level)}, not ${String(event.data?.configured)}: ${String(event.data?.reason ?? '')}`;
    }
    if (type === 'viewed') {
      if (event.data?.channel)
        audit.via = VIEW_CHANNEL_NAMES[String(event.data.channel)] ?? 'e-mail';
      if (event.userAgent) audit.device = deviceOf(event.userAgent);
    }
    events.push(audit);
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Who held a signer's place when an event happened: null while it is the holder
 * now; before a hand-over of the place, the e-mail (or name) of whom it was handed over from.
 * Events of the first signer carry no recipient id: they are `signer-1`'s.
 */
function holdersOverTime(
  events: ReadonlyArray<{ type: string; data?: Record<string, unknown> | null }>,
): (position: number, recipientId: string | null) => string | null {
  const handovers = events
    .map((event, position) => ({ event, position }))
    .filter(({ event }) => event.type === 'handed_over' || event.type === 'signer_changed');
  return (position, recipientId) => {
    const id = recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
    // The first hand-over of this place from the event on (itself included) names who held it.
    const next = handovers.find(
      (handover) => handover.position >= position && handover.event.data?.recipientId === id,
    );
    if (!next) return null;
    const data = next.event.data ?? {};
    return String(data.fromEmail || data.fromName || '') || null;
  };
}

function deviceOf(userAgent: string): DeviceKind {
  if (/iPad|Tablet/i.test(userAgent)) return 'tablet';
  if (/Mobile|Android|iPhone/i.test(userAgent)) return 'phone';
  return 'desktop';
}

/** How many people sign (signers and countersigner) an agreement with recipients; 1 before them. */
export function signingRecipientCount(agreement: Pick<Agreement<object>, 'recipients'>): number {
  return (agreement.recipients ?? []).filter((r) => r.role !== 'cc').length || 1;
}
