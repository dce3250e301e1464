import {
  actionRule,
  initialsFromFullName,
  initialStatus,
  SIGNER_ACTOR,
  type AgreementFamily,
  type AgreementStatus,
} from '@prosign/domain';
import { Types } from 'mongoose';
import { createHash } from 'node:crypto';
import {
  newLinkToken,
  type AgreementEventRepository,
  type AgreementLinkRepository,
  type AgreementRecordCreationRepository,
  type AgreementRepository,
} from '../modules/agreements';
import type { EventInput } from '../modules/agreements';
import { DerivedDocumentsService } from '../modules/documents';
import { SigningFinishService } from '../modules/signing';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const DEMO_STAFF_IP = '203.0.113.10';
export const DEMO_SIGNER_IP = '198.51.100.23';
export const DEMO_BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';
const DEMO_ADMIN = 'admin@prosign.example';

/** Where one demo agreement is in its life: its status, when it was sent, how often it was viewed. */
export interface DemoTimeline {
  status: AgreementStatus;
  daysAgo: number;
  viewed?: number;
  extra?: 'reminded';
}

/** The agreement services a demo agreement goes through (the product's own). */
export interface DemoAgreementServices {
  repository: AgreementRepository;
  links: AgreementLinkRepository;
  recordCreation: AgreementRecordCreationRepository;
  eventLog: AgreementEventRepository;
  derivedDocuments: DerivedDocumentsService;
  finishing: SigningFinishService;
}

/** One demo agreement of any family: its document, form and timeline. */
export interface DemoAgreement<TForm extends object> {
  family: AgreementFamily;
  /** Which demo this is (`demo-contract-01`): found again by it, never a link. */
  seedKey: string;
  docLink: string;
  /** The signing link of the random token the agreement gets. */
  signingLinkOf: (token: string) => string;
  form: TForm;
  searchText: string;
  /** The staff member who sent it. */
  sentBy: string;
  /** The signer's full name (the typed signature and initials). */
  signerName: string;
  /** The send's key (the document's id). */
  sendKey: string;
  createdAt: Date;
  timeline: DemoTimeline;
}

/**
 * The fixed `_id` of the demo agreement a seed key names, where a second seeding
 * finds it. Not a secret: staff screens and mail keys name an agreement by its
 * `_id`. The link's secret is its signing token, drawn at random.
 */
function demoAgreementId(seedKey: string): Types.ObjectId {
  const hex = createHash('sha256').update(`demo-agreement\u0000${seedKey}`).digest('hex');
  return new Types.ObjectId(hex.slice(0, 24));
}

/**
 * Whether the demo a seed key names is seeded: under its fixed `_id`, or, in a
 * database seeded when demo tokens were fixed, under the seed key as its token.
 */
export async function isDemoSeeded(
  { repository, links }: Pick<DemoAgreementServices, 'repository' | 'links'>,
  seedKey: string,
): Promise<boolean> {
  return Boolean(
    (await repository.findById(demoAgreementId(seedKey))) ??
    (await links.findByKey('sign', seedKey)),
  );
}

/** When a demo sent `daysAgo` days ago was sent. */
export function demoSentAt(timeline: Pick<DemoTimeline, 'daysAgo'>, now = Date.now()): Date {
  return new Date(now - timeline.daysAgo * DAY);
}

/**
 * Stores one demo agreement in its timeline's status through the agreement
 * core (`importRecord`: chained event log, sign and send keys), as the
 * product would have left it: viewed, signature saved, reminded, cancelled,
 * expired, resent or signed manually, with a random signing token as any
 * sent agreement has. Signed (and voided) demos are signed for real after,
 * through the one finish (sealed PDF, audit trail, verify page, CRM stage),
 * and a voided one is then voided by an admin. False when it was there
 * already (found by its seed key: re-seeding adds nothing and keeps its token).
 */
export async function seedDemoAgreement<TForm extends object>(
  services: DemoAgreementServices,
  demo: DemoAgreement<TForm>,
): Promise<boolean> {
  const { recordCreation } = services;
  if (await isDemoSeeded(services, demo.seedKey)) return false;
  const token = newLinkToken();
  const { timeline, createdAt, sentBy, signerName } = demo;
  const at = (hours: number) => new Date(createdAt.getTime() + hours * HOUR);
  const viewed = timeline.viewed ?? 0;
  const events: EventInput[] = [
    {
      type: 'sent',
      at: createdAt,
      actor: sentBy,
      ip: DEMO_STAFF_IP,
      status: initialStatus(demo.family),
    },
  ];
  const fields: Record<string, unknown> = {};
  if (viewed) {
    Object.assign(fields, {
      viewedAt: at(2),
      viewedIp: DEMO_SIGNER_IP,
      viewedTimes: viewed,
      viewedByEmailCount: viewed,
    });
    for (let view = 0; view < viewed; view += 1) {
      events.push({
        type: 'viewed',
        at: at(2 + view * 0.01),
        actor: SIGNER_ACTOR,
        ip: DEMO_SIGNER_IP,
        userAgent: DEMO_BROWSER,
        data: { channel: 'email' },
        status: 'viewed',
      });
    }
  }
  if (['signature_saved', 'signed', 'void'].includes(timeline.status)) {
    Object.assign(fields, {
      signatureSavedAt: at(3),
      signatureSavedIp: DEMO_SIGNER_IP,
      signature: signerName,
      signatureSource: 'text',
      initials: initialsFromFullName(signerName),
    });
    events.push({
      type: 'signature_saved',
      at: at(3),
      actor: SIGNER_ACTOR,
      ip: DEMO_SIGNER_IP,
      userAgent: DEMO_BROWSER,
      data: { source: 'text' },
      status: 'signature_saved',
    });
  }
  // Signed (and later voided) demos are signed for real below, through the one finish, so
  // they carry the sealed PDF, its audit trail and a working /verify page.
  const signsForReal = ['signed', 'void'].includes(timeline.status);
  if (signsForReal) {
    Object.assign(fields, { consentAt: at(3.05), consentIp: DEMO_SIGNER_IP });
    events.push({
      type: 'consent',
      at: at(3.05),
      actor: SIGNER_ACTOR,
      ip: DEMO_SIGNER_IP,
      userAgent: DEMO_BROWSER,
    });
  }
  const staffEvent = (type: string, hours: number, actor: string, status: string) => {
    events.push({
      type,
      at: at(hours),
      actor,
      ip: actor === 'system' ? null : DEMO_STAFF_IP,
      status,
    });
  };
  if (timeline.extra === 'reminded') {
    Object.assign(fields, {
      remindersAt: [at(24)],
      lastReminderAt: at(24),
      isDeactiveReminder: true,
      reminderDeactivateTime: at(48),
    });
    staffEvent('reminder_sent', 24, sentBy, timeline.status);
  }
  if (timeline.status === 'signed_manually') {
    Object.assign(fields, { signedAt: at(30), signedIp: DEMO_STAFF_IP });
    staffEvent('signed_manually', 30, DEMO_ADMIN, 'signed_manually');
  }
  if (timeline.status === 'cancelled') {
    Object.assign(fields, { cancelledAt: at(20) });
    staffEvent('cancelled', 20, sentBy, 'cancelled');
  }
  if (timeline.status === 'expired') {
    Object.assign(fields, { expiredAt: at(30 * 24) });
    staffEvent('expired', 30 * 24, 'system', 'expired');
  }
  if (timeline.status === 'resent') {
    Object.assign(fields, { isResend: true, resendAt: at(31 * 24), expiredAt: at(30 * 24) });
    staffEvent('expired', 30 * 24, 'system', 'expired');
    staffEvent('resent', 31 * 24, sentBy, 'resent');
  }
  const imported = await recordCreation.importRecord(
    {
      _id: demoAgreementId(demo.seedKey),
      family: demo.family,
      token,
      docLink: demo.docLink,
      signingLink: demo.signingLinkOf(token),
      form: demo.form,
      sentBy,
      status: signsForReal ? 'signature_saved' : timeline.status,
      searchText: demo.searchText,
      createdAt,
      createdIp: DEMO_STAFF_IP,
      send: {
        state: 'completed',
        steps: {},
        startedAt: createdAt,
        completedAt: createdAt,
        failedStep: null,
        lastError: null,
        attempts: 1,
        leaseUntil: null,
        runner: null,
        params: {},
      },
      ...fields,
    },
    events,
    { sendKey: demo.sendKey },
  );
  if (signsForReal) await signForReal(services, token, timeline.status === 'void');
  return imported;
}

/**
 * The signer's finish as the product runs it (sealed PDF, audit trail, CRM stage, signed-copy
 * mail); one the seed left half-way is completed by the worker's resume schedule. A voided demo
 * is then voided by an admin, stamping the sealed PDF.
 */
async function signForReal(
  services: DemoAgreementServices,
  token: string,
  thenVoid: boolean,
): Promise<void> {
  const { links, eventLog, derivedDocuments, finishing } = services;
  const { signedDocLink } = await finishing.finish(token, { ip: DEMO_SIGNER_IP });
  if (!thenVoid) return;
  const agreement = await links.findByKey('sign', token);
  if (!agreement || agreement.status !== 'signed') return;
  const now = new Date();
  const voided = await derivedDocuments.voidDocument(signedDocLink, DEMO_ADMIN, now);
  await eventLog.transition(agreement, actionRule(agreement.family, 'void'), {
    now,
    set: { voidDocLink: voided.docLink, voidedAt: now },
    event: { type: 'void', actor: DEMO_ADMIN, ip: DEMO_STAFF_IP },
  });
}
