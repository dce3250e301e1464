/**
 * The one action table per family (spec 2 §4 and §6, spec 3 §4 and §6): for
 * each action, which statuses it may start from, the status it leads to, who
 * may take it, and the extra conditions (not once resent, reminder lock).
 * Cards draw their actions from it and the server derives its update filters
 * from it (`transitionCondition`), so the two cannot disagree.
 */
import type { AccessFlag } from '../access/access-flags';
import { changeableSigners } from '../signing/handover';
import { awaitedRecipients, type Recipient } from './recipients';
import { SINGLE_SIGNER_RECIPIENT_ID } from './single-signer-recipients';
import { familyDefinition } from '../families/families';
import {
  activeStatuses,
  displayedStatus,
  familyStatuses,
  initialStatus,
  SIGNED_STATUSES,
  type AgreementFamily,
  type AgreementStatus,
} from './agreement-statuses';

/** What staff do to an agreement from its card. */
export const AGREEMENT_ACTIONS = [
  'copyLink',
  'sendReminder',
  'cancel',
  'void',
  'resend',
  'editAndResend',
  'markAsSigned',
  'delete',
  /** Staff hand an unsigned signer's place to someone else. */
  'changeSigner',
  /** Staff re-open a signer's code step locked by too many wrong codes. */
  'reopenEmailCode',
] as const;
export type AgreementAction = (typeof AGREEMENT_ACTIONS)[number];

/** What the signer's page and the schedules do: status changes no card offers. */
export type AgreementTransition =
  | 'publish'
  | 'view'
  | 'saveSignature'
  | 'clearSignature'
  | 'finish'
  | 'expire'
  /** A signer declines with a reason: from wherever their link is open. */
  | 'decline';

export const AGREEMENT_ACTION_LABELS: Readonly<Record<AgreementAction, string>> = {
  copyLink: 'Copy Link',
  sendReminder: 'Send Reminder',
  cancel: 'Cancel Contract',
  void: 'Void Contract',
  resend: 'Resend',
  editAndResend: 'Edit and Resend',
  markAsSigned: 'Mark as Signed',
  delete: 'Delete',
  changeSigner: 'Change signer',
  reopenEmailCode: 'Re-open code step',
};

/** Who may take an action: anyone who sees the list, holders of a flag, or admins only. */
type ActionPermission = { kind: 'anyone' } | { kind: 'flag'; flag: AccessFlag } | { kind: 'admin' };

export interface StatusRule {
  /** Statuses it may start from (`null`: a record not yet published by its send). */
  from: readonly (AgreementStatus | null)[];
  /** The status it leads to; null when the status stays (a reminder, a copied link, a delete). */
  to: AgreementStatus | null;
  /** Refused once the agreement was resent or edited and resent. */
  notOnceResent?: boolean;
  /** Refused while the reminder lock is on. */
  reminderLock?: boolean;
}

export interface ActionRule extends StatusRule {
  who: ActionPermission;
}

const ANYONE: ActionPermission = { kind: 'anyone' };
const ADMIN: ActionPermission = { kind: 'admin' };

function actionTable(
  family: AgreementFamily,
  overrides: Partial<Record<AgreementAction, Partial<ActionRule>>>,
): Readonly<Record<AgreementAction, ActionRule>> {
  const initial = initialStatus(family);
  const active = activeStatuses(family);
  const base: Record<AgreementAction, ActionRule> = {
    copyLink: { from: active, to: null, who: ANYONE },
    sendReminder: { from: [initial, 'viewed'], to: null, who: ANYONE, reminderLock: true },
    // A declined agreement can still be cancelled (closed for good), edited and resent, or deleted.
    cancel: { from: [...active, 'declined'], to: 'cancelled', who: ANYONE },
    markAsSigned: { from: active, to: 'signed_manually', who: ANYONE },
    void: { from: SIGNED_STATUSES, to: 'void', who: ADMIN },
    resend: { from: ['cancelled', 'expired'], to: 'resent', who: ANYONE, notOnceResent: true },
    editAndResend: {
      from: ['cancelled', 'expired', 'declined'],
      to: 'edited_resent',
      who: ANYONE,
      notOnceResent: true,
    },
    delete: { from: familyStatuses(family), to: null, who: ANYONE },
    // While it is open, for a client signer who has not saved or signed (the
    // recipients decide which: changeableSigners); the status stays.
    changeSigner: { from: active, to: null, who: ANYONE },
    // While it is open, for a signer whose code step is locked; the status stays.
    reopenEmailCode: { from: active, to: null, who: ANYONE },
  };
  for (const [action, override] of Object.entries(overrides) as [
    AgreementAction,
    Partial<ActionRule>,
  ][]) {
    base[action] = { ...base[action], ...override };
  }
  return base;
}

/** Each family's table, built once from its definition's departures from the core one. */
const actionTables = new Map<AgreementFamily, Readonly<Record<AgreementAction, ActionRule>>>();

function familyActionTable(family: AgreementFamily): Readonly<Record<AgreementAction, ActionRule>> {
  let table = actionTables.get(family);
  if (!table) {
    table = actionTable(family, familyDefinition(family).actionOverrides);
    actionTables.set(family, table);
  }
  return table;
}

/** The signer's and the schedules' status changes, the same in every family. */
export function transitionRule(
  family: AgreementFamily,
  transition: AgreementTransition,
): StatusRule {
  const initial = initialStatus(family);
  switch (transition) {
    case 'publish':
      return { from: [null], to: initial };
    case 'view':
      return { from: [initial], to: 'viewed' };
    case 'saveSignature':
      return { from: [initial, 'viewed'], to: 'signature_saved' };
    // Spec 1 §4.1, item 6: clearing the saved signature resets the saved flag; the
    // agreement goes back to viewed (it was opened to be signed) until saved again.
    case 'clearSignature':
      return { from: ['signature_saved'], to: 'viewed' };
    case 'finish':
      return { from: ['signature_saved'], to: 'signed' };
    case 'expire':
      return { from: activeStatuses(family), to: 'expired' };
    case 'decline':
      return { from: activeStatuses(family), to: 'declined' };
  }
}

export function actionRule(family: AgreementFamily, action: AgreementAction): ActionRule {
  return familyActionTable(family)[action];
}

/**
 * The action's rule for this agreement: the family's, except that with several
 * signers a reminder may also go once the first signer saved or signed, while a
 * later signer is asked to sign (the agreement's status follows the first signer).
 */
export function actionRuleFor(
  family: AgreementFamily,
  action: AgreementAction,
  subject: Pick<ActionSubject, 'recipients'>,
): ActionRule {
  const rule = actionRule(family, action);
  const laterSignerAsked = awaitedRecipients(subject.recipients ?? []).some(
    (recipient) => recipient.id !== SINGLE_SIGNER_RECIPIENT_ID,
  );
  if (action !== 'sendReminder' || !laterSignerAsked) return rule;
  return { ...rule, from: [...rule.from, 'signature_saved'] };
}

// ── Deciding ──

/** What the rules read from an agreement. */
export interface ActionSubject {
  status: string | null;
  isResend: boolean;
  isEditResend: boolean;
  isDeactiveReminder: boolean;
  reminderDeactivateTime: Date | string | null;
  /** Who it is sent to (several signers change what reminders may do). */
  recipients?: readonly Recipient[];
  /** The signers (`Recipient.id`) whose e-mail code step is locked. */
  emailCodeLocked?: readonly string[];
}

/** What the rules read from the staff member acting: admin or not, and their access flags. */
export type ActionViewer = { isAdmin: boolean } & Partial<Record<AccessFlag, boolean>>;

export const AGREEMENT_ACTION_MESSAGES = {
  voidUnauthorized: 'Unauthorized: You do not have permission to void this contract.',
  deleteUnauthorized: 'You do not have permission to delete contracts.',
  unauthorized: 'You do not have permission to do this.',
  reminderLocked: 'A reminder was sent recently. The next one can be sent later.',
  noChangeableSigner: 'Every signer has signed or saved a signature: nobody can be changed.',
  noLockedCodeStep: "No signer's code step is locked.",
  notAllowed: (action: AgreementAction, status: string) =>
    `${AGREEMENT_ACTION_LABELS[action]} is not available for a contract that is ${status}.`,
} as const;

/** Whether the reminder lock is on at `now`. */
export function isReminderLocked(
  subject: Pick<ActionSubject, 'isDeactiveReminder' | 'reminderDeactivateTime'>,
  now: Date,
): boolean {
  if (!subject.isDeactiveReminder) return false;
  if (subject.reminderDeactivateTime == null) return true;
  return new Date(subject.reminderDeactivateTime).getTime() > now.getTime();
}

/** Whether the status (and resend state) allows the action, before rights and locks. */
export function statusAllows(
  family: AgreementFamily,
  rule: StatusRule,
  subject: Pick<ActionSubject, 'status' | 'isResend' | 'isEditResend'>,
): boolean {
  const status = subject.status === null ? null : displayedStatus(family, subject.status);
  if (!rule.from.includes(status)) return false;
  return !(rule.notOnceResent && (subject.isResend || subject.isEditResend));
}

function viewerMay(permission: ActionPermission, viewer: ActionViewer): boolean {
  switch (permission.kind) {
    case 'anyone':
      return true;
    case 'admin':
      return viewer.isAdmin;
    case 'flag':
      return viewer.isAdmin || viewer[permission.flag] === true;
  }
}

export type ActionDecision =
  { allowed: true } | { allowed: false; reason: 'status' | 'rights' | 'locked'; message: string };

/** The one decision both sides make: may this viewer take `action` on this agreement now? */
export function decideAgreementAction(
  family: AgreementFamily,
  action: AgreementAction,
  subject: ActionSubject,
  viewer: ActionViewer,
  now: Date,
): ActionDecision {
  const rule = actionRuleFor(family, action, subject);
  if (!statusAllows(family, rule, subject)) {
    return {
      allowed: false,
      reason: 'status',
      message: AGREEMENT_ACTION_MESSAGES.notAllowed(
        action,
        displayedStatus(family, subject.status),
      ),
    };
  }
  if (action === 'changeSigner' && !hasChangeableSigner(subject)) {
    return {
      allowed: false,
      reason: 'status',
      message: AGREEMENT_ACTION_MESSAGES.noChangeableSigner,
    };
  }
  if (action === 'reopenEmailCode' && !subject.emailCodeLocked?.length) {
    return {
      allowed: false,
      reason: 'status',
      message: AGREEMENT_ACTION_MESSAGES.noLockedCodeStep,
    };
  }
  if (!viewerMay(rule.who, viewer)) {
    const message =
      action === 'void'
        ? AGREEMENT_ACTION_MESSAGES.voidUnauthorized
        : action === 'delete'
          ? AGREEMENT_ACTION_MESSAGES.deleteUnauthorized
          : AGREEMENT_ACTION_MESSAGES.unauthorized;
    return { allowed: false, reason: 'rights', message };
  }
  if (rule.reminderLock && isReminderLocked(subject, now)) {
    return { allowed: false, reason: 'locked', message: AGREEMENT_ACTION_MESSAGES.reminderLocked };
  }
  return { allowed: true };
}

/**
 * The actions a card offers this viewer: allowed by status and rights. A
 * locked reminder is still offered (shown disabled, with its tooltip).
 */
export function availableActions(
  family: AgreementFamily,
  subject: ActionSubject,
  viewer: ActionViewer,
): AgreementAction[] {
  return AGREEMENT_ACTIONS.filter((action) => {
    const rule = actionRule(family, action);
    if (action === 'changeSigner' && !hasChangeableSigner(subject)) return false;
    if (action === 'reopenEmailCode' && !subject.emailCodeLocked?.length) return false;
    return statusAllows(family, rule, subject) && viewerMay(rule.who, viewer);
  });
}

/**
 * Whether staff may change a signer of this agreement: a client signer who has not saved
 * or signed (an agreement read without recipients has its one signer, as its status says).
 */
function hasChangeableSigner(subject: Pick<ActionSubject, 'recipients' | 'status'>): boolean {
  if (!subject.recipients) return subject.status !== 'signature_saved';
  return changeableSigners(subject.recipients).length > 0;
}

/** The card's main action: the one a person most likely wants next; the rest go in a menu. */
const PRIMARY_ACTION_ORDER: readonly AgreementAction[] = [
  'sendReminder',
  'resend',
  'copyLink',
  'void',
];

export function primaryAction(actions: readonly AgreementAction[]): AgreementAction | null {
  return PRIMARY_ACTION_ORDER.find((action) => actions.includes(action)) ?? null;
}

/**
 * The stored-record condition under which a status rule may apply, as a
 * MongoDB filter (field names of the agreement record). The server adds it to
 * its conditional update, so the table above is also what the database checks.
 */
export function transitionCondition(rule: StatusRule, now: Date): Record<string, unknown> {
  const condition: Record<string, unknown> = { status: { $in: [...rule.from] } };
  if (rule.notOnceResent) Object.assign(condition, { isResend: false, isEditResend: false });
  if (rule.reminderLock) {
    condition.$or = [{ isDeactiveReminder: false }, { reminderDeactivateTime: { $lte: now } }];
  }
  return condition;
}
