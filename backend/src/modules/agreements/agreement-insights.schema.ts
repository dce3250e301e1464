import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, type Types } from 'mongoose';
import type { AgreementInsightFacts, InvoiceFact } from './agreement-insight-facts';

/**
 * One agreement's Insights facts (`agreement_insights`, agreement-insight-facts.ts): written
 * by the agreement core with every change of the agreement, read by the Insights figures.
 */
@Schema({ collection: 'agreement_insights', versionKey: false })
export class AgreementInsight implements AgreementInsightFacts {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true }) _id: Types.ObjectId;
  @Prop({ required: true }) family: string;
  @Prop({ type: String, default: '' }) owner: string;
  @Prop({ type: String, default: null }) pipeline: string | null;
  @Prop({ type: Number, default: 0 }) fee: number;
  @Prop({ type: Boolean, default: false }) listed: boolean;
  @Prop({ type: String, default: null }) status: string | null;
  @Prop({ type: Date, default: null }) sentAt: Date | null;
  @Prop({ type: String, default: null }) sentDay: string | null;
  @Prop({ type: String, default: null }) sentWeek: string | null;
  @Prop({ type: Number, default: 0 }) viewed: 0 | 1;
  @Prop({ type: Number, default: 0 }) signed: 0 | 1;
  @Prop({ type: Number, default: 0 }) declined: 0 | 1;
  @Prop({ type: Number, default: 0 }) expired: 0 | 1;
  @Prop({ type: Number, default: 0 }) voided: 0 | 1;
  @Prop({ type: String, default: null }) signedDay: string | null;
  @Prop({ type: String, default: null }) signedWeek: string | null;
  @Prop({ type: Number, default: null }) daysToSign: number | null;
  @Prop({ type: String, default: null }) declinedDay: string | null;
  @Prop({ type: String, default: null }) declinedWeek: string | null;
  @Prop({ type: String, default: null }) declineGroup: AgreementInsightFacts['declineGroup'];
  @Prop({ type: String, default: null }) declineReason: string | null;
  @Prop({ type: Boolean, default: false }) open: boolean;
  @Prop({ type: String, default: null }) stage: AgreementInsightFacts['stage'];
  @Prop({ type: Date, default: null }) idleSince: Date | null;
  @Prop({ type: String, default: null }) idleDay: string | null;
  @Prop({ type: [MongooseSchema.Types.Mixed], default: [] }) invoices: InvoiceFact[];
  @Prop({ type: String, default: null }) lastIssuedDay: string | null;
  @Prop({ type: Number, default: 0 }) eventCount: number;
}

export const AgreementInsightSchema = SchemaFactory.createForClass(AgreementInsight);
// Each figure's query: listed agreements of the families the viewer sees, then its own field
// (the embedded database reads the equalities' rows from the index, then filters the range).
AgreementInsightSchema.index({ listed: 1, family: 1, sentDay: 1 });
AgreementInsightSchema.index({ listed: 1, family: 1, signedDay: 1 });
AgreementInsightSchema.index({ listed: 1, family: 1, declinedDay: 1 });
AgreementInsightSchema.index({ listed: 1, family: 1, open: 1, idleDay: 1 });
AgreementInsightSchema.index({ listed: 1, family: 1, lastIssuedDay: 1 });
// One owner's agreements (the owner filter, each digest).
AgreementInsightSchema.index({ listed: 1, owner: 1, family: 1, sentDay: 1 });
