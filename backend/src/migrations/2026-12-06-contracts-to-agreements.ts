import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { initialStatus, SIGNER_ACTOR } from '@prosign/domain';
import type { Connection, Types } from 'mongoose';
import {
  AgreementRecordCreationRepository,
  STANDARD_CLAUSE_FIELDS,
  type EventInput,
  type StandardContractForm,
  type StepProgress,
} from '../modules/agreements';
import type { Migration } from '../platform/migrations/migration';

/** A record of the old `contracts` collection, as stored before the agreement core. */
interface LegacyContract extends Record<string, unknown> {
  _id: Types.ObjectId;
  token: string;
  sendKey?: string;
  status: string | null;
  authenticatedEmailId?: string;
  history?: { timestamp: Date; status: string; performedBy: string; ipAddress?: string | null }[];
  send?: Record<string, unknown> & { steps?: Record<string, Date> };
  finish?: (Record<string, unknown> & { steps?: Record<string, Date> }) | null;
  consentAt?: Date | null;
  consentIp?: string | null;
  resentAsToken?: string | null;
  verifyId?: string | null;
}

const FORM_FIELDS: readonly (keyof StandardContractForm)[] = [
  'full_name',
  'email',
  'company_name',
  'contact_number',
  'cc_email',
  'site_address',
  'city',
  'state',
  'zipcode',
  'cost',
  'deposit',
  'progress',
  'balance',
  'csm_email',
  'pm_email',
  'form_type',
  't24ReportCount',
  'contractTitle',
  ...STANDARD_CLAUSE_FIELDS,
  'hsDealId',
];

const LIFECYCLE_FIELDS = [
  'docLink',
  'signingLink',
  'status',
  'searchText',
  'createdAt',
  'createdIp',
  'viewedAt',
  'viewedIp',
  'signatureSavedAt',
  'signatureSavedIp',
  'signedAt',
  'signedIp',
  'viewedTimes',
  'viewedByPhoneCount',
  'viewedByEmailCount',
  'remindersAt',
  'isDeactiveReminder',
  'reminderDeactivateTime',
  'lastReminderAt',
  'isResend',
  'isEditResend',
  'resendAt',
  'editResendAt',
  'cancelledAt',
  'voidDocLink',
  'voidedAt',
  'expiredAt',
  'deletedAt',
  'deletedBy',
  'signature',
  'signatureSource',
  'signatureImageId',
  'initials',
  'consentAt',
  'consentIp',
  'signedDocLink',
  'auditTrailDocLink',
  'verifyId',
  'signedSha256',
  'presence',
] as const;

/** History lines the signer wrote (the old log named the signer by e-mail). */
const SIGNER_TYPES = new Set(['viewed', 'signature_saved', 'signed']);
/** The status each old history line left the contract in; others left it as it was. */
const STATUS_AFTER: Readonly<Record<string, string>> = {
  sent: initialStatus('standard'),
  viewed: 'viewed',
  signature_saved: 'signature_saved',
  signed: 'signed',
  signed_manually: 'signed_manually',
  cancelled: 'cancelled',
  void: 'void',
  resent: 'resent',
  edited_resent: 'edited_resent',
  expired: 'expired',
};

/**
 * The move of standard contracts from the old `contracts` collection onto the agreement
 * core (docs/architecture.md#contract-families-on-one-agreement-core): each record keeps its `_id`, its form fields go under `form`, its
 * history becomes the chained event log and its token, send key and verify id become link
 * records. A record already moved is skipped by its `_id` (a run cut short runs again); the
 * old collection is left as it was, to be dropped once checked.
 */
@Injectable()
export class ContractsToAgreements implements Migration {
  readonly id = '2026-12-06-contracts-to-agreements';

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly recordCreation: AgreementRecordCreationRepository,
  ) {}

  async up(): Promise<string> {
    const legacy = this.connection.collection<LegacyContract>('contracts');
    const all = await legacy.find({}).toArray();
    if (all.length === 0) return 'no old contract records';
    const idOfToken = new Map(all.map((record) => [record.token, record._id]));
    let moved = 0;
    for (const record of all) {
      if (await this.recordCreation.importRecord(...agreementOf(record, idOfToken))) moved += 1;
    }
    return `${all.length} old contract record(s), ${moved} moved`;
  }
}

function agreementOf(
  record: LegacyContract,
  idOfToken: Map<string, Types.ObjectId>,
): Parameters<AgreementRecordCreationRepository['importRecord']> {
  const form = Object.fromEntries(
    FORM_FIELDS.map((field) => [field, record[field] ?? defaultOf(field)]),
  ) as unknown as StandardContractForm;
  const lifecycle = Object.fromEntries(
    LIFECYCLE_FIELDS.filter((field) => record[field] !== undefined).map((field) => [
      field,
      record[field],
    ]),
  );
  const replacedToken = record.resentAsToken ?? null;
  const send = record.send;
  const replacesToken = (send?.replacesToken as string | null | undefined) ?? null;
  return [
    {
      ...lifecycle,
      _id: record._id,
      family: 'standard',
      token: record.token,
      form,
      sentBy: record.authenticatedEmailId ?? form.csm_email,
      replacedBy: replacedToken ? String(idOfToken.get(replacedToken) ?? '') || null : null,
      send: send
        ? progressOf(send, {
            subject: (send.subject as string | null) ?? null,
            filename: (send.filename as string | null) ?? null,
            replacesId: replacesToken ? String(idOfToken.get(replacesToken) ?? '') || null : null,
          })
        : null,
      finish: record.finish ? progressOf(record.finish, {}) : null,
    },
    eventsOf(record),
    { sendKey: record.sendKey ?? null, verifyId: record.verifyId ?? null },
  ];
}

function defaultOf(field: keyof StandardContractForm): unknown {
  if (field === 'hsDealId') return null;
  return ['cost', 'deposit', 'progress', 'balance', 't24ReportCount'].includes(field) ? 0 : '';
}

function progressOf(
  progress: Record<string, unknown>,
  params: Record<string, string | null>,
): StepProgress {
  return {
    state: progress.state === 'completed' ? 'completed' : 'in_progress',
    steps: (progress.steps as Record<string, Date>) ?? {},
    failedStep: (progress.failedStep as string | null) ?? null,
    lastError: (progress.lastError as string | null) ?? null,
    attempts: (progress.attempts as number) ?? 0,
    startedAt: (progress.startedAt as Date) ?? new Date(),
    completedAt: (progress.completedAt as Date | null) ?? null,
    leaseUntil: (progress.leaseUntil as Date | null) ?? null,
    runner: (progress.runner as string | null) ?? null,
    params,
  };
}

/** The old history as the event log, oldest first; the consent (never a history line) added. */
function eventsOf(record: LegacyContract): EventInput[] {
  const events: EventInput[] = (record.history ?? []).map((entry) => ({
    type: entry.status,
    at: new Date(entry.timestamp),
    actor: SIGNER_TYPES.has(entry.status) ? SIGNER_ACTOR : entry.performedBy,
    ip: entry.ipAddress ?? null,
  }));
  if (record.consentAt) {
    events.push({
      type: 'consent',
      at: new Date(record.consentAt),
      actor: SIGNER_ACTOR,
      ip: record.consentIp ?? null,
    });
  }
  events.sort((a, b) => a.at!.getTime() - b.at!.getTime());
  let status: string | null = null;
  return events.map((event) => {
    status = STATUS_AFTER[event.type] ?? status;
    return { ...event, status };
  });
}
