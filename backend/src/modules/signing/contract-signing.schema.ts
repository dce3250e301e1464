import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { SigningFinishStep } from './signing-finish-steps';

/**
 * Progress of the one "finish" operation (spec 1 §4.1): the claim (status
 * signed) happens first and atomically; each later step stores its time, so a
 * retry (signer, or the worker's resume) continues at the first unfinished one.
 * `leaseUntil` keeps two runners (two tabs, api and worker) from running steps at once.
 */
@Schema({ _id: false, versionKey: false })
export class ContractFinishProgress {
  @Prop({ type: String, enum: ['in_progress', 'completed'], required: true })
  state: 'in_progress' | 'completed';
  @Prop({ type: Object, default: {} }) steps: Partial<Record<SigningFinishStep, Date>>;
  @Prop({ type: String, default: null }) failedStep: SigningFinishStep | null;
  @Prop({ type: String, default: null }) lastError: string | null;
  @Prop({ default: 0 }) attempts: number;
  @Prop({ required: true }) startedAt: Date;
  @Prop({ type: Date, default: null }) leaseUntil: Date | null;
  /** Random id of the runner holding the lease. */
  @Prop({ type: String, default: null }) runner: string | null;
  @Prop({ type: Date, default: null }) completedAt: Date | null;
}
export const ContractFinishProgressSchema = SchemaFactory.createForClass(ContractFinishProgress);

/** Whether the signer is on the signing page (spec 1 §4.2), as last reported. */
@Schema({ _id: false, versionKey: false })
export class SignerPresenceState {
  @Prop({ required: true }) active: boolean;
  @Prop({ required: true }) at: Date;
}
export const SignerPresenceStateSchema = SchemaFactory.createForClass(SignerPresenceState);
