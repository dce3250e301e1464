import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A staff member's choice of the Monday Insights digest (`insights_digests`, `_id` = their
 * e-mail, lower case): absent or `weekly: false`, no mail.
 */
@Schema({ collection: 'insights_digests', versionKey: false })
export class InsightsDigestChoice {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: Boolean, required: true }) weekly: boolean;
  @Prop({ type: Date, required: true }) updatedAt: Date;
}

export const InsightsDigestChoiceSchema = SchemaFactory.createForClass(InsightsDigestChoice);
// The Monday run reads who chose the digest.
InsightsDigestChoiceSchema.index({ weekly: 1 });
