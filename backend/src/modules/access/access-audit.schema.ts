import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ACCESS_AUDIT_ACTIONS, type AccessAuditAction } from '@prosign/domain';
import { Schema as MongooseSchema } from 'mongoose';

/** Who acted when the server itself changed a user (bootstrap admins at start-up). */
export const SYSTEM_ACTOR = 'system';

/**
 * One change to users, roles or flags: who did it (from the session, never the
 * client), what, to whom, when and from which address. Written by the server
 * only; shown on the user-access screen (as the API's `AccessAuditEntry`).
 */
@Schema({ collection: 'access_audit', versionKey: false })
export class AccessAuditEntry {
  @Prop({ required: true, index: -1 })
  at: Date;

  @Prop({ required: true })
  actor: string;

  @Prop({ type: String, required: true, enum: ACCESS_AUDIT_ACTIONS })
  action: AccessAuditAction;

  /** The user the change was made to. */
  @Prop({ required: true })
  target: string;

  /** What changed, e.g. `{field, from, to}` or `{from: [...roles], to: [...roles]}`. */
  @Prop({ type: MongooseSchema.Types.Mixed, default: {} })
  details: Record<string, unknown>;

  @Prop()
  ip?: string;
}

export const AccessAuditSchema = SchemaFactory.createForClass(AccessAuditEntry);
