import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument, Types } from 'mongoose';

/**
 * A change-order template (spec 3 §3 "Template fields", §7 "form definition
 * of type main"): the editable texts of the CO document, each a
 * `$placeholder`-bearing section. Seeded from the change-order document
 * template; admins edit it on /sow-template-edit.
 */
@Schema({ collection: 'co_templates', timestamps: true })
export class CoTemplate {
  _id: Types.ObjectId;

  @Prop({ type: String, required: true, unique: true }) name: string;
  @Prop({ type: String, required: true, default: 'main' }) type: 'main';
  /** `template_start`, `template_change_order_acknowledgement` → text. */
  @Prop({ type: Object, required: true }) templateFields: Record<string, string>;
  @Prop({ type: String, default: null }) updatedBy: string | null;
  updatedAt?: Date;
  /** Guards an edit against a lost update. */
  @Prop({ type: Number, default: 1 }) revision: number;
}

export type CoTemplateDocument = HydratedDocument<CoTemplate>;
export const CoTemplateSchema = SchemaFactory.createForClass(CoTemplate);
