import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { InsightTotal } from './agreement-insight-totals';

/**
 * Running totals of the Insights facts (`agreement_insight_totals`, agreement-insight-totals.ts):
 * kept by the same repository as the facts, with every write of them; read by the page.
 */
@Schema({ collection: 'agreement_insight_totals', versionKey: false })
export class AgreementInsightTotal implements InsightTotal {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) series: string;
  @Prop({ required: true }) period: string;
  @Prop({ required: true }) family: string;
  @Prop({ type: String, default: '' }) owner: string;
  @Prop({ type: String, default: null }) pipeline: string | null;
  @Prop({ type: MongooseSchema.Types.Mixed }) n?: Record<string, number>;
  @Prop({ type: MongooseSchema.Types.Mixed }) tts?: Record<string, number>;
  @Prop({ type: MongooseSchema.Types.Mixed }) reasons?: Record<string, number>;
  @Prop({ type: MongooseSchema.Types.Mixed }) texts?: Record<string, string>;
}

export const AgreementInsightTotalSchema = SchemaFactory.createForClass(AgreementInsightTotal);
// Every read: one series and resolution, the families the viewer sees, a range of periods.
AgreementInsightTotalSchema.index({ series: 1, family: 1, period: 1 });
