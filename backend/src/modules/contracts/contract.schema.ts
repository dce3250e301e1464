import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  CONTRACT_SEND_STEPS,
  CONTRACT_STATUSES,
  type ContractSendStep,
  type ContractStatus,
} from '@prosign/domain';
import type { HydratedDocument } from 'mongoose';
import {
  ContractFinishProgress,
  ContractFinishProgressSchema,
  SignerPresenceState,
  SignerPresenceStateSchema,
} from '../signing/contract-signing.schema';

/** One line of a contract's document history (spec 2 §2.4): written by the server only. */
@Schema({ _id: false, versionKey: false })
export class ContractHistoryEntry {
  @Prop({ required: true }) timestamp: Date;
  @Prop({ required: true }) status: string;
  @Prop({ required: true }) performedBy: string;
  @Prop({ type: String, default: null }) ipAddress: string | null;
}
const ContractHistoryEntrySchema = SchemaFactory.createForClass(ContractHistoryEntry);

export type SendStepTimes = Partial<Record<ContractSendStep, Date>>;

/**
 * Progress of the one "send" operation (spec 2 §4): each finished step has its
 * time, so a retry continues at the first unfinished one. The send is keyed by
 * the agreement document (`sendKey`), one document being sent once.
 */
@Schema({ _id: false, versionKey: false })
export class ContractSendProgress {
  @Prop({ type: String, enum: ['in_progress', 'completed'], required: true })
  state: 'in_progress' | 'completed';

  @Prop({
    type: Object,
    default: {},
  })
  steps: SendStepTimes;

  @Prop({ type: String, enum: [...CONTRACT_SEND_STEPS, null], default: null })
  failedStep: ContractSendStep | null;

  @Prop({ type: String, default: null }) lastError: string | null;
  @Prop({ default: 0 }) attempts: number;
  @Prop({ required: true }) startedAt: Date;
  @Prop({ type: Date, default: null }) completedAt: Date | null;
  /** Token of the cancelled/expired contract this send replaces (Edit and Resend). */
  @Prop({ type: String, default: null }) replacesToken: string | null;
  @Prop({ type: String, default: null }) subject: string | null;
  @Prop({ type: String, default: null }) filename: string | null;
}
const ContractSendProgressSchema = SchemaFactory.createForClass(ContractSendProgress);

/**
 * A standard contract (spec 2 §3): the contract record as the client holds it,
 * the wrapper fields the server keeps, and the progress of its send. The
 * record is listed (has a status) once the send saved it.
 */
@Schema({ collection: 'contracts', versionKey: false })
export class Contract {
  /** The signing link's token: 192 random bits, base64url. */
  @Prop({ required: true, unique: true }) token: string;
  /** The agreement document's id: one document is sent once, however often the send is retried. */
  @Prop({ required: true, unique: true }) sendKey: string;
  @Prop({ required: true }) docLink: string;
  @Prop({ required: true }) signingLink: string;

  @Prop({ required: true }) full_name: string;
  @Prop({ required: true, lowercase: true, trim: true }) email: string;
  @Prop({ default: '' }) company_name: string;
  @Prop({ default: '' }) contact_number: string;
  @Prop({ default: '' }) cc_email: string;
  @Prop({ default: '' }) site_address: string;
  @Prop({ default: '' }) city: string;
  @Prop({ default: '' }) state: string;
  @Prop({ default: '' }) zipcode: string;
  @Prop({ required: true }) cost: number;
  @Prop({ required: true }) deposit: number;
  @Prop({ default: 0 }) balance: number;
  @Prop({ default: 0 }) progress: number;
  @Prop({ required: true, lowercase: true, trim: true }) csm_email: string;
  @Prop({ default: '' }) pm_email: string;
  @Prop({ default: '' }) form_type: string;
  @Prop({ default: 0 }) t24ReportCount: number;
  @Prop({ default: '' }) contractIntro: string;
  @Prop({ default: '' }) contractTitle: string;
  @Prop({ default: '' }) contractEngineerBasicService: string;
  @Prop({ default: '' }) contractEngineerAddService: string;
  @Prop({ default: '' }) contractDescription: string;
  @Prop({ default: '' }) contractPayment: string;
  @Prop({ default: '' }) contractLicense: string;
  @Prop({ default: '' }) contractTermsAndConditions: string;
  @Prop({ type: String, default: null }) hsDealId: string | null;
  /** The staff member who sent it (from the session, never from the body). */
  @Prop({ required: true }) authenticatedEmailId: string;

  /** Null until the send saved the record; then 'not signed' and onwards. */
  @Prop({ type: String, enum: [...CONTRACT_STATUSES, null], default: null })
  status: ContractStatus | null;
  @Prop({ default: 0 }) viewedTimes: number;
  @Prop({ type: Date, default: null }) createdAt: Date | null;
  @Prop({ type: String, default: null }) createdIp: string | null;
  @Prop({ type: Date, default: null }) viewedAt: Date | null;
  @Prop({ type: String, default: null }) viewedIp: string | null;
  @Prop({ type: Date, default: null }) signatureSavedAt: Date | null;
  @Prop({ type: String, default: null }) signatureSavedIp: string | null;
  @Prop({ type: Date, default: null }) signedAt: Date | null;
  @Prop({ type: String, default: null }) signedIp: string | null;
  @Prop({ type: [ContractHistoryEntrySchema], default: [] }) history: ContractHistoryEntry[];
  @Prop({ type: [Date], default: [] }) remindersAt: Date[];
  @Prop({ default: false }) isDeactiveReminder: boolean;
  @Prop({ type: Date, default: null }) reminderDeactivateTime: Date | null;
  @Prop({ default: false }) isResend: boolean;
  @Prop({ default: false }) isEditResend: boolean;
  @Prop({ type: Date, default: null }) resendAt: Date | null;
  @Prop({ type: Date, default: null }) editResendAt: Date | null;
  @Prop({ default: 0 }) viewedByPhoneCount: number;
  @Prop({ default: 0 }) viewedByEmailCount: number;

  // ── Signing (spec 1 §4.1): the signer's signature, consent and the one finish operation. ──

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
  /** Public verification id (`/verify/{verifyId}`): 128 random bits, base64url. */
  @Prop({ type: String, default: null }) verifyId: string | null;
  /** SHA-256 (hex) of the final sealed PDF. */
  @Prop({ type: String, default: null }) signedSha256: string | null;
  @Prop({ type: ContractFinishProgressSchema, default: null })
  finish: ContractFinishProgress | null;
  @Prop({ type: SignerPresenceStateSchema, default: null }) presence: SignerPresenceState | null;

  // ── end of signing fields ──

  @Prop({ type: ContractSendProgressSchema, required: true }) send: ContractSendProgress;

  // ── Lifecycle (spec 2 §4): reminders, cancel, void, resend, expiry. ──

  /** Lower-case name, e-mail, company, address and phone (contractSearchText): what the dashboard search matches. */
  @Prop({ default: '' }) searchText: string;
  /** The last reminder, manual or automatic: the automatic cadence counts from it. */
  @Prop({ type: Date, default: null }) lastReminderAt: Date | null;
  @Prop({ type: Date, default: null }) cancelledAt: Date | null;
  @Prop({ type: String, default: null }) voidDocLink: string | null;
  @Prop({ type: Date, default: null }) voidedAt: Date | null;
  @Prop({ type: Date, default: null }) expiredAt: Date | null;
  /** The contract that replaced this one on Resend (its token). */
  @Prop({ type: String, default: null }) resentAsToken: string | null;
  /** Soft delete: never listed again, the data stays. */
  @Prop({ type: Date, default: null }) deletedAt: Date | null;
  @Prop({ type: String, default: null }) deletedBy: string | null;

  // ── end of lifecycle fields ──
}

export type ContractDocument = HydratedDocument<Contract>;
export const ContractSchema = SchemaFactory.createForClass(Contract);
ContractSchema.index({ status: 1, createdAt: -1 });
ContractSchema.index({ hsDealId: 1 });
// Signing: the public /verify page looks contracts up by verifyId; the resume schedule scans unfinished finishes.
ContractSchema.index({ verifyId: 1 });
ContractSchema.index({ 'finish.state': 1 });
// The dashboard list: listed (not deleted) by status, newest first; expiry and reminder sweeps.
ContractSchema.index({ deletedAt: 1, status: 1, createdAt: -1 });
ContractSchema.index({ deletedAt: 1, createdAt: -1 });
