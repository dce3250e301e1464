import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument, Types } from 'mongoose';

/**
 * A SOW services/deliverables template (spec 3 §3): a name and one services
 * text per partner role, fed into the SOW form by role. Admins edit the texts
 * on /sow-template-edit.
 */
@Schema({ collection: 'sow_services_templates', timestamps: true })
export class SowServicesTemplate {
  _id: Types.ObjectId;

  @Prop({ type: String, required: true, unique: true }) name: string;
  /**
   * One services text per role, as a list: a role name may hold a dot (`s.o_cp`),
   * which MongoDB does not allow in a field name.
   */
  @Prop({ type: [{ _id: false, role: String, text: String }], default: [] })
  services: { role: string; text: string }[];
  @Prop({ type: String, default: null }) updatedBy: string | null;
  updatedAt?: Date;
  /** Guards an edit against a lost update. */
  @Prop({ type: Number, default: 1 }) revision: number;
}

export type SowServicesTemplateDocument = HydratedDocument<SowServicesTemplate>;
export const SowServicesTemplateSchema = SchemaFactory.createForClass(SowServicesTemplate);
