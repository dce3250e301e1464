// Who acts on an agreement from the dashboards and schedules, which agreement they name, and what
// the action rules read of it.
import { emailCodeLockedOf, type ActionSubject } from '@prosign/domain';
import { recipientsOf } from './agreement-recipients';
import type { Agreement } from './agreement.schema';
import type { EventInput } from './event-chain';

/** Who acts: the signed-in staff member (from the session) or the worker's schedules. */
export interface LifecycleActor {
  email: string;
  ip?: string;
  userAgent?: string | null;
  isAdmin: boolean;
  userAccessAccess: boolean;
}

/**
 * Which agreement an action names: its signing token (the standard dashboard's
 * calls) or its id (`{id}`, the SOW dashboard's calls, spec 3 §7).
 */
export type AgreementRef = string | { id: string };

export const SYSTEM_ACTOR: LifecycleActor = {
  email: 'system',
  isAdmin: true,
  userAccessAccess: true,
};

/** The event of an action, as `actor` took it. */
export function eventBy(actor: LifecycleActor, type: string): EventInput {
  return { type, actor: actor.email, ip: actor.ip ?? null, userAgent: actor.userAgent ?? null };
}

/** What the action rules read from a stored agreement (its recipients in the shared shape). */
export function actionSubjectOf(agreement: Agreement<object>): ActionSubject {
  return {
    status: agreement.status,
    isResend: agreement.isResend,
    isEditResend: agreement.isEditResend,
    isDeactiveReminder: agreement.isDeactiveReminder,
    reminderDeactivateTime: agreement.reminderDeactivateTime,
    recipients: agreement.recipients?.length
      ? recipientsOf(agreement, { name: '', email: '' })
      : undefined,
    emailCodeLocked: emailCodeLockedOf(agreement.emailCodeFailures),
  };
}
