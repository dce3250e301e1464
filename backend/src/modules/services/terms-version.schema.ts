import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Types } from 'mongoose';

/** One saved version of the default terms and conditions (append-only; the newest is current). */
@Schema({ collection: 'terms_versions', timestamps: { createdAt: true, updatedAt: false } })
export class TermsVersion {
  _id: Types.ObjectId;
  @Prop({ type: String, required: true }) content: string;
  @Prop({ type: String, required: true }) createdBy: string;
  /** Services with defaultTnC that received this version when it was saved. */
  @Prop({ type: Number, default: 0 }) servicesUpdated: number;
  @Prop({ type: Number, default: 0 }) servicesFailed: number;
  createdAt: Date;
}
export const TermsVersionSchema = SchemaFactory.createForClass(TermsVersion);
TermsVersionSchema.index({ createdAt: -1, _id: -1 });
