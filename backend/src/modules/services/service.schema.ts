import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { FORM_FIELD_TYPES, type FormField, type FormFieldType } from '@prosign/domain';
import type { Types } from 'mongoose';

/** One field of a service's contract form (spec 2 §3). */
@Schema({ _id: false })
export class FormFieldRecord implements FormField {
  @Prop({ type: String, required: true }) name: string;
  @Prop({ type: String, required: true }) label: string;
  @Prop({ type: String, required: true, enum: FORM_FIELD_TYPES }) type: FormFieldType;
  @Prop({ type: Boolean, default: false }) required: boolean;
  @Prop({ type: Boolean, default: false }) isNotEditable: boolean;
  @Prop({ type: [String], default: [] }) options: string[];
}
const FormFieldRecordSchema = SchemaFactory.createForClass(FormFieldRecord);

/**
 * A service (agreement template, spec 1 §3). Its form definition lives in the
 * same document, so a service and its form are created, copied and deleted in
 * one atomic write. `revision` guards edits against lost updates.
 */
@Schema({ collection: 'services', timestamps: true })
export class ServiceEntity {
  _id: Types.ObjectId;

  @Prop({ type: String, required: true }) serviceName: string;
  /** Lower-cased, trimmed name: names are unique regardless of case. */
  @Prop({ type: String, required: true, unique: true }) nameKey: string;
  @Prop({ type: String, required: true }) agreementTitle: string;
  @Prop({ type: String, default: '' }) start: string;
  @Prop({ type: String, default: '' }) projectDescription: string;
  @Prop({ type: String, default: '' }) engineerBasicService: string;
  @Prop({ type: String, default: '' }) engineerAdditionalService: string;
  @Prop({ type: String, default: '' }) engineerFee: string;
  @Prop({ type: String, default: '' }) licensingAndInsurance: string;
  @Prop({ type: String, default: '' }) termsAndConditions: string;
  @Prop({ type: Boolean, default: false }) changeBasicServices: boolean;
  @Prop({ type: Boolean, default: false }) defaultTnC: boolean;
  /** Numeric string, 1-based (spec 1 §3). */
  @Prop({ type: String, required: true }) position: string;
  @Prop({ type: [FormFieldRecordSchema], default: [] }) formFields: FormFieldRecord[];
  @Prop({ type: Number, default: 1 }) revision: number;
  @Prop({ type: String }) createdBy?: string;
  @Prop({ type: String }) updatedBy?: string;
  createdAt?: Date;
  updatedAt?: Date;
}
export const ServiceSchema = SchemaFactory.createForClass(ServiceEntity);

const SERVICE_CHANGE_ACTIONS = [
  'created',
  'updated',
  'reordered',
  'deleted',
  'default-terms-applied',
] as const;
export type ServiceChangeAction = (typeof SERVICE_CHANGE_ACTIONS)[number];

/** Who changed which service, when, and which fields (append-only). */
@Schema({ collection: 'service_changes', timestamps: { createdAt: true, updatedAt: false } })
export class ServiceChange {
  @Prop({ type: String, required: true, index: true }) serviceId: string;
  @Prop({ type: String, required: true }) serviceName: string;
  @Prop({ type: String, required: true, enum: SERVICE_CHANGE_ACTIONS }) action: ServiceChangeAction;
  @Prop({ type: [String], default: [] }) fields: string[];
  @Prop({ type: String, required: true }) performedBy: string;
  createdAt?: Date;
}
export const ServiceChangeSchema = SchemaFactory.createForClass(ServiceChange);

/** The hash of the service delete password; one document, `_id` fixed. */
@Schema({ collection: 'service_settings', timestamps: true })
export class ServiceSetting {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: String, required: true }) passwordHash: string;
  @Prop({ type: String }) updatedBy?: string;
}
export const ServiceSettingSchema = SchemaFactory.createForClass(ServiceSetting);
