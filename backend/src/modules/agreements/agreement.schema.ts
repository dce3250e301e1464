import { AGREEMENT_FAMILY_PATH } from '../../platform/validation/is-agreement-family';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type AgreementFamily, type SealLevel, type StoredInvoices } from '@prosign/domain';
import { Schema as MongooseSchema, type HydratedDocument, type Types } from 'mongoose';
import type { StoredSigningPlaces } from '../documents';
import type { StoredRecipient } from './agreement-recipients';
import type { WebhookOutboxEntry } from '../webhooks';

/**
 * One event of an agreement's history (docs/architecture.md#contract-families-on-one-agreement-core): append-only, written
 * by the server only, chained to the event before it by `hash` =
 * SHA-256(prevHash + the event's canonical form) — see event-chain.ts.
 */
@Schema({ _id: false, versionKey: false })
export class AgreementEvent {
  @Prop({ required: true }) at: Date;
  @Prop({ required: true }) type: string;
  /** The agreement's status after the event. */
  @Prop({ type: String, default: null }) status: string | null;
  /** Staff e-mail, `signer` or `system`. */
  @Prop({ required: true }) actor: string;
  @Prop({ type: String, default: null }) ip: string | null;
  @Prop({ type: String, default: null }) userAgent: string | null;
  /** Event details (e.g. the view's channel, the consent text's hash). */
  @Prop({ type: Object, default: null }) data: Record<string, string | number | boolean> | null;
  @Prop({ type: String, default: null }) prevHash: string | null;
  @Prop({ required: true }) hash: string;
}
const AgreementEventSchema = SchemaFactory.createForClass(AgreementEvent);

/**
 * Progress of one resumable multi-step operation (a send, a finish): each
 * finished step has its time, so a retry continues at the first unfinished
 * one; the lease keeps two runners from running steps at once.
 */
@Schema({ _id: false, versionKey: false })
export class StepProgress {
  @Prop({ type: String, enum: ['in_progress', 'completed'], required: true })
  state: 'in_progress' | 'completed';
  @Prop({ type: Object, default: {} }) steps: Record<string, Date>;
  @Prop({ type: String, default: null }) failedStep: string | null;
  @Prop({ type: String, default: null }) lastError: string | null;
  /** When a step last failed: the worker's resumes back off from it. */
  @Prop({ type: Date, default: null }) failedAt?: Date | null;
  @Prop({ default: 0 }) attempts: number;
  @Prop({ required: true }) startedAt: Date;
  @Prop({ type: Date, default: null }) completedAt: Date | null;
  @Prop({ type: Date, default: null }) leaseUntil: Date | null;
  /** Random id of the runner holding the lease. */
  @Prop({ type: String, default: null }) runner: string | null;
  /** Operation details the steps read (the mail subject, the agreement it replaces…). */
  @Prop({ type: Object, default: {} }) params: Record<string, string | null>;
}
const StepProgressSchema = SchemaFactory.createForClass(StepProgress);

/** Whether the signer is on the signing page (spec 1 §4.2), as last reported. */
@Schema({ _id: false, versionKey: false })
export class SignerPresenceState {
  @Prop({ required: true }) active: boolean;
  @Prop({ required: true }) at: Date;
}
const SignerPresenceStateSchema = SchemaFactory.createForClass(SignerPresenceState);

/**
 * An agreement of any family (docs/architecture.md#contract-families-on-one-agreement-core): the lifecycle every family
 * shares — link token, status, event log, reminders, views, per-step times and
 * IPs, send and finish progress, signature, presence — and, apart from it, the
 * family's own form fields (`form`). Only AgreementRepository writes it.
 */
@Schema({ collection: 'agreements', versionKey: false })
export class Agreement<TForm extends object = Record<string, unknown>> {
  _id: Types.ObjectId;

  @Prop(AGREEMENT_FAMILY_PATH) family: AgreementFamily;
  /** The signing link's token: 192 random bits, base64url. Resolved through agreement_links. */
  @Prop({ required: true }) token: string;
  @Prop({ required: true }) docLink: string;
  @Prop({ required: true }) signingLink: string;
  /** The family's own fields, as its form and its send saved them. */
  @Prop({ type: MongooseSchema.Types.Mixed, required: true }) form: TForm;
  /** The staff member who sent it (from the session). */
  @Prop({ required: true }) sentBy: string;

  /** Null until the send published the record; then the family's initial status onwards. */
  @Prop({ type: String, default: null }) status: string | null;
  /** Lower-case text the list search matches (names, e-mails, addresses, phones). */
  @Prop({ default: '' }) searchText: string;

  /**
   * Who it is sent to, in order (docs/architecture.md#contract-families-on-one-agreement-core): signers, the firm's
   * countersigner, copies. Written when the send publishes; absent on agreements
   * from before recipients, which read as their one signer (recipientsOf). The
   * first signer's state is also in the single-signer fields the spec's calls read.
   */
  @Prop({ type: [MongooseSchema.Types.Mixed], default: undefined })
  recipients?: StoredRecipient[];
  /**
   * The staff e-mail of the firm's countersigner, when there is one: a plain field
   * beside the recipients so "Waiting for my signature" is one indexed lookup.
   */
  @Prop({ type: String, default: undefined }) countersignerUserId?: string;
  /**
   * A signer's part (several signers) whose stamp and invitations are not done yet: set with
   * their signature, cleared once done; the worker resumes one left older than a minute.
   */
  @Prop({ type: MongooseSchema.Types.Mixed, default: undefined })
  signerPart?: { recipientId: string; at: Date } | null;

  /**
   * Where its document's layout puts each signer's signature, initials and marks:
   * computed once when the document is sent (again when a hand-over prints a new name), so a
   * signer's link check answers the signing page's bookmarks from this record and reads no
   * document. Absent on agreements sent before: the first read computes and stores them.
   */
  @Prop({ type: MongooseSchema.Types.Mixed, default: undefined })
  signingPlaces?: StoredSigningPlaces;

  @Prop({ type: [AgreementEventSchema], default: [] }) events: AgreementEvent[];
  /** Hash of the last event: the head every append is chained to. */
  @Prop({ type: String, default: null }) headHash: string | null;

  @Prop({ type: Date, default: null }) createdAt: Date | null;
  @Prop({ type: String, default: null }) createdIp: string | null;
  @Prop({ type: Date, default: null }) viewedAt: Date | null;
  @Prop({ type: String, default: null }) viewedIp: string | null;
  @Prop({ type: Date, default: null }) signatureSavedAt: Date | null;
  @Prop({ type: String, default: null }) signatureSavedIp: string | null;
  @Prop({ type: Date, default: null }) signedAt: Date | null;
  @Prop({ type: String, default: null }) signedIp: string | null;
  @Prop({ default: 0 }) viewedTimes: number;
  @Prop({ default: 0 }) viewedByPhoneCount: number;
  @Prop({ default: 0 }) viewedByEmailCount: number;

  @Prop({ type: [Date], default: [] }) remindersAt: Date[];
  @Prop({ default: false }) isDeactiveReminder: boolean;
  @Prop({ type: Date, default: null }) reminderDeactivateTime: Date | null;
  /** The last reminder, manual or automatic: the automatic cadence counts from it. */
  @Prop({ type: Date, default: null }) lastReminderAt: Date | null;

  @Prop({ default: false }) isResend: boolean;
  @Prop({ default: false }) isEditResend: boolean;
  @Prop({ type: Date, default: null }) resendAt: Date | null;
  @Prop({ type: Date, default: null }) editResendAt: Date | null;
  /** The agreement that replaced this one on Resend or Edit and Resend. */
  @Prop({ type: String, default: null }) replacedBy: string | null;
  @Prop({ type: Date, default: null }) cancelledAt: Date | null;
  @Prop({ type: String, default: null }) voidDocLink: string | null;
  @Prop({ type: Date, default: null }) voidedAt: Date | null;
  @Prop({ type: Date, default: null }) expiredAt: Date | null;
  /**
   * When its links expire, when its family let the send choose (a document's "Links expire
   * after (days)"): set as the send publishes it. Absent: the firm's CONTRACT_EXPIRY_DAYS from
   * `createdAt` (agreementExpiresAt).
   */
  @Prop({ type: Date, default: undefined }) expiresAt?: Date | null;
  /** A signer declined: when, who (`Recipient.id`) and why (trimmed, ≤ 1,000 characters). */
  @Prop({ type: Date, default: null }) declinedAt: Date | null;
  @Prop({ type: String, default: null }) declinedBy: string | null;
  @Prop({ type: String, default: null }) declineReason: string | null;
  /**
   * Every signer enters a 6-digit code mailed to their own address before the document opens:
   * chosen on the creation screen, the family's admin default otherwise.
   */
  @Prop({ type: Boolean, default: false }) requireEmailCode: boolean;
  /** Soft delete: never listed again, the data stays. */
  @Prop({ type: Date, default: null }) deletedAt: Date | null;
  @Prop({ type: String, default: null }) deletedBy: string | null;

  /** The typed signature (text mode), else null; an uploaded/drawn image lives in signature_images. */
  @Prop({ type: String, default: null }) signature: string | null;
  @Prop({ type: String, enum: ['text', 'image', null], default: null })
  signatureSource: 'text' | 'image' | null;
  /** The signature_images record of an uploaded/drawn signature (each upload is its own). */
  @Prop({ type: String, default: null }) signatureImageId: string | null;
  @Prop({ type: String, default: null }) initials: string | null;
  /** The signer's consent to the terms and to signing electronically (ESIGN). */
  @Prop({ type: Date, default: null }) consentAt: Date | null;
  @Prop({ type: String, default: null }) consentIp: string | null;

  /** The final sealed PDF (agreement + audit trail) and its parts, once the finish made them. */
  @Prop({ type: String, default: null }) signedDocLink: string | null;
  @Prop({ type: String, default: null }) auditTrailDocLink: string | null;
  /**
   * An admin let a seal waiting for the time-stamp service (or revocation
   * data) go at a lower PAdES level than SEAL_LEVEL; recorded in the event log and audit trail.
   */
  @Prop({ type: Object, default: undefined })
  sealLevelOverride?: {
    level: SealLevel;
    configured: SealLevel;
    by: string;
    at: Date;
    reason: string;
  };
  /** Public verification id (`/verify/{verifyId}`): 128 random bits, base64url. */
  @Prop({ type: String, default: null }) verifyId: string | null;
  /** SHA-256 (hex) of the final sealed PDF. */
  @Prop({ type: String, default: null }) signedSha256: string | null;

  /**
   * Invoices of a signed standard contract (spec 3 §2–§4), per type; absent
   * until the first one is numbered, sent or paid. Written by the invoices
   * module through `record()`, each change with its event in the same update.
   */
  @Prop({ type: MongooseSchema.Types.Mixed }) invoices?: StoredInvoices;

  @Prop({ type: StepProgressSchema, default: null }) send: StepProgress | null;
  @Prop({ type: StepProgressSchema, default: null }) finish: StepProgress | null;
  @Prop({ type: SignerPresenceStateSchema, default: null }) presence: SignerPresenceState | null;
  /** A mail about it that finally failed (written and cleared by the mail worker by `_id`). */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null }) mailProblem?: {
    deliveryId: string;
    template: string;
    error: string;
    at: Date;
  } | null;
  /**
   * Its mails recorded but not yet handed to the mail transport (queued or
   * retrying), at most a few: added and removed by the mail service and worker
   * by `_id` ($push / $pull), so the card can say a mail is still waiting.
   */
  @Prop({ type: [MongooseSchema.Types.Mixed], default: undefined }) mailPending?: Array<{
    deliveryId: string;
    template: string;
    since: Date;
    attempts: number;
    lastError: string | null;
  }>;
  /**
   * Its webhook events not yet relayed (the outbox): each pushed in the same update as the change
   * it tells of, taken off by the relay once it is in `webhook_events` and its deliveries are
   * queued. `webhookSequence` counts every event ever pushed: the outbox is always the last of
   * them, so the n-th entry's number is known without storing it (webhook-relay.ts).
   */
  @Prop({ type: [MongooseSchema.Types.Mixed], default: undefined })
  webhookOutbox?: WebhookOutboxEntry[];
  @Prop({ type: Number, default: undefined }) webhookSequence?: number;
  /**
   * Wrong e-mail codes entered per signer's place (`Recipient.id`), over all its codes (issue
   * 53 item 6): each entry reserves one with a conditional `$inc` below the limit, a right one
   * gives it back; at `EMAIL_CODE_RULES.maxFailuresPerPlace` the code step is locked until
   * staff re-open it (back to 0). Absent: none yet.
   */
  @Prop({ type: MongooseSchema.Types.Mixed, default: undefined }) emailCodeFailures?: Record<
    string,
    number
  >;
}

export type AgreementDocument<TForm extends object = Record<string, unknown>> = HydratedDocument<
  Agreement<TForm>
>;
export const AgreementSchema = SchemaFactory.createForClass(Agreement);
// Lists: a family's listed (not deleted) agreements by status, newest first; the schedules' sweeps.
AgreementSchema.index({ family: 1, deletedAt: 1, status: 1, createdAt: -1 });
AgreementSchema.index({ family: 1, deletedAt: 1, createdAt: -1 });
AgreementSchema.index({ deletedAt: 1, status: 1, createdAt: -1 });
// The expiry schedule's sweep of agreements with an expiry of their own.
AgreementSchema.index({ family: 1, deletedAt: 1, status: 1, expiresAt: 1 });
// A staff member's "Waiting for my signature" (sparse: most agreements have no countersigner).
AgreementSchema.index({ countersignerUserId: 1, status: 1 }, { sparse: true });
// The worker resumes sends and finishes a crashed runner left in progress, and signers' parts.
AgreementSchema.index({ 'signerPart.at': 1 }, { sparse: true });
AgreementSchema.index({ 'finish.state': 1 });
AgreementSchema.index({ 'send.state': 1 });
// The webhook sweep finds the agreements with an outbox left (sparse: almost none have one).
AgreementSchema.index({ 'webhookOutbox.id': 1 }, { sparse: true });

/**
 * How a key reaches its agreement without scanning (docs/architecture.md#the-pieces): the
 * signing link's token (`_id` = the token itself), the public verify id, and
 * the send key of a document (`send:{docId}`). On MongoDB that is the `_id`
 * index; on the embedded database the one lookup it does not scan for.
 */
const AGREEMENT_LINK_KINDS = ['sign', 'verify', 'send'] as const;
export type AgreementLinkKind = (typeof AGREEMENT_LINK_KINDS)[number];

@Schema({ collection: 'agreement_links', versionKey: false })
export class AgreementLink {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: String, enum: AGREEMENT_LINK_KINDS, required: true }) kind: AgreementLinkKind;
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true }) agreementId: Types.ObjectId;
  @Prop(AGREEMENT_FAMILY_PATH) family: AgreementFamily;
  @Prop({ required: true }) createdAt: Date;
  /** On a signing link of a signer besides the first: whose (`Recipient.id`). */
  @Prop({ type: String }) recipientId?: string;
  /**
   * On a signing link: when its agreement was published (its status set, which
   * never returns to null). A signer socket's check then reads this link alone:
   * a second read per socket doubled the database work of every reconnect burst.
   */
  @Prop({ type: Date }) publishedAt?: Date;
  /**
   * On a signing link handed over to another signer: when, and the new signer's
   * name, so every call of it is refused with "This link was handed over to …".
   */
  @Prop({ type: Date }) handedOverAt?: Date;
  @Prop({ type: String }) handedOverTo?: string;
}
export const AgreementLinkSchema = SchemaFactory.createForClass(AgreementLink);
