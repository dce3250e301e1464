import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  ACCESS_FLAGS,
  STAFF_ROLES,
  type AccessFlags,
  type StaffRole,
  type StaffUserView,
} from '@prosign/domain';

/**
 * A listed staff member (spec 1 §3 "User access record"): the e-mail they sign
 * in with, their roles (`role`, a list, as the spec names it) and the
 * access flags (ACCESS_FLAGS). Only listed users may sign in.
 */
@Schema({ collection: 'users', timestamps: true, versionKey: false })
export class StaffUser {
  @Prop({ required: true, unique: true, lowercase: true, trim: true })
  email: string;

  @Prop({ type: [String], enum: STAFF_ROLES, default: [] })
  role: StaffRole[];

  @Prop({ default: false }) homeAccess: boolean;
  @Prop({ default: false }) dashboardAccess: boolean;
  @Prop({ default: false }) servicesAccess: boolean;
  @Prop({ default: false }) tncAccess: boolean;
  @Prop({ default: false }) userAccessAccess: boolean;
  @Prop({ default: false }) sowAccess: boolean;
  @Prop({ default: false }) sowDashboardAccess: boolean;
  @Prop({ default: false }) sowServicesEditAccess: boolean;
  @Prop({ default: false }) documentsAccess: boolean;
  @Prop({ default: false }) insightsAccess: boolean;

  createdAt: Date;
  updatedAt: Date;
}

export const StaffUserSchema = SchemaFactory.createForClass(StaffUser);

export function flagsOf(user: Pick<StaffUser, (typeof ACCESS_FLAGS)[number]>): AccessFlags {
  return Object.fromEntries(ACCESS_FLAGS.map((flag) => [flag, user[flag] === true])) as AccessFlags;
}

/** A user as the API returns it: e-mail, roles, the flags and timestamps. */
export function toUserView(user: StaffUser): StaffUserView {
  return {
    email: user.email,
    role: [...user.role],
    ...flagsOf(user),
    ...(user.createdAt ? { createdAt: new Date(user.createdAt).toISOString() } : {}),
    ...(user.updatedAt ? { updatedAt: new Date(user.updatedAt).toISOString() } : {}),
  };
}
