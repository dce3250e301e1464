import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, type HydratedDocument } from 'mongoose';

export const ACCESS_AUDIT_ACTIONS = [
  'user.added',
  'user.deleted',
  'roles.changed',
  'access.toggled',
  'admin.bootstrapped',
] as const;

export type AccessAuditAction = (typeof ACCESS_AUDIT_ACTIONS)[number];

/** Who acted when the server itself changed a user (bootstrap admins at start-up). */
export const SYSTEM_ACTOR = 'system';

/**
 * One change to users, roles or flags: who did it (from the session, never the
 * client), what, to whom, when and from which address. Written by the server
 * only; shown on the user-access screen.
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

export type AccessAuditDocument = HydratedDocument<AccessAuditEntry>;
export const AccessAuditSchema = SchemaFactory.createForClass(AccessAuditEntry);

export interface AccessAuditView {
  id: string;
  at: string;
  actor: string;
  action: AccessAuditAction;
  target: string;
  details: Record<string, unknown>;
  ip?: string;
}
