import { InjectQueue } from '@nestjs/bullmq';
import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import {
  describeUserAgent,
  formatPacificTimestamp,
  SIGNER_ACTOR,
  SIGNER_MESSAGES,
  pdfFileName,
  recipientSignature,
  signerLinkStateOf,
  signingProgress,
  SINGLE_SIGNER_RECIPIENT_ID,
  transitionRule,
  type FinishSigningResponse,
  type RecipientRole,
} from '@prosign/domain';
import type { Queue } from 'bullmq';
import { createHash, randomBytes } from 'node:crypto';
import { FILE_SERVICE_PORT, type FileServicePort } from '../../integrations/file-service';
import { AppConfig } from '../../platform/config/app-config';
import { QueueName } from '../../platform/queues/queue-names';
import {
  AgreementAnnouncer,
  AgreementCrmEvents,
  AgreementEventRepository,
  AgreementLinkRepository,
  AgreementRepository,
} from '../agreements';
import {
  httpErrorDetail,
  StepFailedError,
  StepRunner,
  StepRunnerBusyError,
  type StepPlan,
  type TakenLease,
} from '../agreements';
import {
  agreementMailKey,
  familyConfig,
  legacyAgreementMailKey,
  recipientsOf,
  type RecipientSource,
} from '../agreements';
import type { Agreement, AgreementDocument } from '../agreements';
import type {
  AuditEvent,
  AuditEventType,
  AuditRecipient,
  AuditSigningProgress,
  DeviceKind,
} from '../documents';
import {
  DerivedDocumentsService,
  DocumentPdfService,
  DocumentsService,
  type RunDocuments,
  type SignatureSource,
} from '../documents';
import { MailService } from '../mail';
import { SignatureImageRepository } from './signature-image.repository';
import {
  completeSignerPart,
  everyoneSigned,
  finishSignerPart,
  type SignerPartDeps,
} from './other-signer-finish';
import { SIGNING_FINISH_STEPS, type SigningFinishStep } from './signing-finish-steps';
import { sealAgreementJobId, SigningJob, type SealAgreementJobData } from './signing.jobs';
import {
  closedLinkError,
  signerEvent,
  signerRecipientChange,
  signerName,
  SigningService,
  type SignerActor,
} from './signing.service';

/**
 * Finishing a signature (spec 1 §4.1) as one idempotent operation on the
 * agreement core: the agreement is claimed by the family's `finish` transition
 * (signature_saved → signed, with time, IP and the signed event), so two tabs
 * or a double click sign once; then the StepRunner places the signature,
 * builds the audit trail from the event log, merges both into the sealed PDF,
 * mails the signed copy, then moves the CRM deal to signed — each step's time
 * stored, so a retry (or the worker's resume) continues at the failed step.
 *
 * The signing apps' finish answers once the signature is recorded and those steps are
 * queued (`SealTiming` 'queued'): the worker runs them, as the architecture has every side
 * effect the screen does not show (the completion notice sends the signer to their mailbox).
 * The spec's own calls that answer with the PDF's link (merge-docs, create-audit-trails) run
 * them before answering ('inline').
 */
@Injectable()
export class SigningFinishService {
  private readonly logger = new Logger(SigningFinishService.name);
  /** The runner's lease each claim of this process took, by the claimed record it returned. */
  private readonly claimedLeases = new WeakMap<AgreementDocument<object>, TakenLease>();

  constructor(
    private readonly repository: AgreementRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly links: AgreementLinkRepository,
    private readonly announcer: AgreementAnnouncer,
    private readonly runner: StepRunner,
    private readonly signatureImages: SignatureImageRepository,
    private readonly signing: SigningService,
    private readonly documents: DocumentsService,
    private readonly documentPdfs: DocumentPdfService,
    private readonly derivedDocuments: DerivedDocumentsService,
    private readonly mail: MailService,
    private readonly crmEvents: AgreementCrmEvents,
    @Inject(FILE_SERVICE_PORT) private readonly fileService: FileServicePort,
    private readonly config: AppConfig,
    @InjectQueue(QueueName.Signing) private readonly signingQueue: Queue<SealAgreementJobData>,
  ) {}

  /** Claims (once) and completes the finish of a link's first signer; repeated calls answer the same. */
  async finish(
    token: string,
    actor: SignerActor,
    seal: SealTiming = 'inline',
  ): Promise<FinishSigningResponse> {
    return this.finishSeat(await this.signing.seatOf(token), actor, seal);
  }

  /**
   * The finish of one signer (`recipientId` null: the first, by the agreement's own fields):
   * their part while others still sign, the whole agreement with the last signature.
   */
  async finishSeat(
    seat: { agreement: AgreementDocument<object>; recipientId: string | null },
    actor: SignerActor,
    seal: SealTiming = 'inline',
  ): Promise<FinishSigningResponse> {
    let agreement = seat.agreement;
    const recipientId = seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
    if (!agreement.finish) {
      // Several signers: each signature is first that signer's part (their own event and block),
      // also the first signer's when she is the last (else the audit trail would drop hers);
      // the last signature then seals.
      if (seat.recipientId || signingRecipientCount(agreement) > 1) {
        const part = await finishSignerPart(this.partDeps, agreement, recipientId, actor);
        if (!everyoneSigned(part.agreement) || part.agreement.finish) {
          return part.agreement.finish ? this.sealed(part.agreement, seal) : part.response;
        }
        agreement = part.agreement;
      }
      agreement = await this.claim(agreement, actor);
    }
    return this.sealed(agreement, seal);
  }

  /** The answer to a finish whose last signature is in: once sealed, or once its seal is queued. */
  private async sealed(
    agreement: AgreementDocument<object>,
    seal: SealTiming,
  ): Promise<FinishSigningResponse> {
    if (seal === 'inline' || agreement.finish?.state === 'completed') {
      return this.complete(agreement);
    }
    // The request that claimed queues the seal, under its lease. A repeated finish queues it
    // only when no runner holds it (a failure freed it, or its job was lost): queued without
    // a lease while the claim's job was not yet, it would find the claim's lease and leave.
    const lease = this.claimedLeases.get(agreement);
    if (lease || !leaseHeld(agreement.finish)) await this.queueSeal(agreement, lease);
    return responseOf(agreement);
  }

  /**
   * Queues the seal of a claimed finish, under the lease its claim took. A repeated finish
   * queues the same job id (nothing more). Redis down: the finish is recorded, and the
   * worker's resume schedule seals it once the lease has run out.
   */
  private async queueSeal(
    agreement: AgreementDocument<object>,
    lease: TakenLease | undefined,
  ): Promise<void> {
    const agreementId = String(agreement._id);
    try {
      await this.signingQueue.add(
        SigningJob.SealAgreement,
        { agreementId, runner: lease?.runner ?? null, leaseTakenAt: lease?.takenAt ?? null },
        { jobId: sealAgreementJobId(agreementId) },
      );
    } catch (error) {
      this.logger.warn(
        `agreement ${agreementId} signed, its seal not queued (the resume schedule runs it): ${String(error)}`,
      );
    }
  }

  /**
   * The worker's seal job: completes the finish under the claim's lease when nobody took it
   * over, else under a lease of its own. False when there was nothing to do (sealed already,
   * or another runner holds it: the api of an inline call, the resume schedule).
   */
  async sealQueued({ agreementId, runner, leaseTakenAt }: SealAgreementJobData): Promise<boolean> {
    const agreement = await this.repository.findById<object>(agreementId);
    const progress = agreement?.finish;
    if (!agreement || !progress || progress.state === 'completed') return false;
    const claimLease =
      runner !== null && leaseTakenAt !== null && progress.runner === runner && progress.leaseUntil
        ? { runner, takenAt: leaseTakenAt, until: progress.leaseUntil }
        : undefined;
    // Another runner has it (an inline call, the resume schedule): it completes it.
    if (!claimLease && leaseHeld(progress)) return false;
    await this.complete(agreement, claimLease);
    return true;
  }

  private get partDeps(): SignerPartDeps {
    return {
      repository: this.repository,
      eventLog: this.eventLog,
      documents: this.documents,
      mail: this.mail,
      signatureOf: (recipient) => this.signatureSourceOf(recipient),
      shellUrl: this.config.PUBLIC_SHELL_URL,
    };
  }

  /** Continues a claimed finish until it is complete (or fails at a step: 502). */
  async complete(
    start: AgreementDocument<object>,
    // This request's claim took the runner's lease in the same write.
    leased: TakenLease | undefined = this.claimedLeases.get(start),
  ): Promise<FinishSigningResponse> {
    let done: AgreementDocument<object>;
    try {
      done = await this.runner.run(start, this.planOf(), { describe: httpErrorDetail, leased });
    } catch (error) {
      if (error instanceof StepFailedError) {
        if (!(error.original instanceof HttpException)) this.logger.error(error.original);
        throw new BadGatewayException(SIGNER_MESSAGES.finishFailed);
      }
      if (error instanceof StepRunnerBusyError) {
        throw new BadGatewayException(SIGNER_MESSAGES.finishFailed);
      }
      throw error;
    }
    if (done.finish?.state !== 'completed') {
      throw new BadGatewayException(SIGNER_MESSAGES.finishFailed);
    }
    // Open dashboards refresh the card: it now has the final sealed PDF.
    if (start.finish?.state !== 'completed') this.announcer.changed(done);
    return responseOf(done);
  }

  /**
   * Signers' parts whose caller went away half-way (several signers: signed, but not yet
   * stamped, the next order not invited, or — the last signature — not yet sealed): done now,
   * once. Used by the worker's schedule.
   */
  async resumeSignerParts(now = new Date(), limit = 50): Promise<number> {
    const before = new Date(now.getTime() - SIGNER_PART_GRACE_MS);
    const ids = await this.repository.idsWhere({ 'signerPart.at': { $lt: before } }, limit);
    let resumed = 0;
    for (const id of ids) {
      const agreement = await this.repository.findById<object>(id);
      const part = agreement?.signerPart;
      if (!agreement || !part) continue;
      try {
        if (agreement.finish || signerLinkStateOf(agreement.status) !== 'open') {
          // Sealed or closed since: nothing left of the part to do.
          await this.eventLog.record<object>(agreement, {
            condition: { 'signerPart.at': part.at },
            set: { signerPart: null },
          });
          continue;
        }
        let current = await completeSignerPart(this.partDeps, agreement, part.recipientId);
        if (everyoneSigned(current) && !current.finish) {
          const signer = current.recipients?.find((r) => r.id === part.recipientId);
          current = await this.claim(current, {
            ip: signer?.signedIp ?? null,
            userAgent: signer?.lastActionUserAgent ?? null,
          });
          await this.complete(current);
        }
        resumed += 1;
      } catch (error) {
        this.logger.warn(
          `signer part of agreement ${String(id)} not resumed: ${(error as Error).message}`,
        );
      }
    }
    return resumed;
  }

  /** Finishes in progress whose runner is gone (api crash half-way); used by the worker's schedule. */
  resumeAbandoned(now = new Date()): Promise<number> {
    return this.runner.resumeAbandoned(this.planOf(), now);
  }

  /**
   * The finish's steps for one run. The sealed PDF the merge built is handed to the mail step
   * of the same run (by its link, so another agreement's run never gets it): read again, it
   * was three round trips and 40–70 KB from the database per signature. So are the document
   * records the steps read or wrote (the signed agreement's, the audit trail's): three reads
   * of records holding the whole contract text per signature.
   */
  private planOf(): StepPlan<SigningFinishStep, object> {
    const sealed = new Map<string, Buffer>();
    const documents: RunDocuments = new Map();
    return {
      operation: 'finish',
      steps: SIGNING_FINISH_STEPS,
      // The audit trail's and the seal's links go with the completion (or a failure's write):
      // every step is the same again from the claimed agreement (same events, same documents).
      fieldsWithNextWrite: true,
      run: (step, agreement) => this.runStep(step, agreement, { sealed, documents }),
    };
  }

  private async claim(
    contract: AgreementDocument<object>,
    actor: SignerActor,
  ): Promise<AgreementDocument<object>> {
    const state = signerLinkStateOf(contract.status);
    if (state !== 'open') throw closedLinkError(state);
    if (contract.status !== 'signature_saved' || !contract.signatureSource || !contract.initials) {
      throw new ConflictException(SIGNER_MESSAGES.signatureNotSaved);
    }
    if (!contract.consentAt) throw new BadRequestException(SIGNER_MESSAGES.consentRequired);
    const now = new Date();
    // The claim takes the step runner's lease too: one write fewer than taking it afterwards.
    const lease = this.runner.newLease();
    const claimed = await this.eventLog.transition<object>(
      contract,
      transitionRule(contract.family, 'finish'),
      {
        now,
        condition: { finish: null },
        set: {
          signedAt: now,
          signedIp: actor.ip,
          ...signerRecipientChange(contract, 'sign', now, actor),
          verifyId: randomBytes(16).toString('base64url'),
          signerPart: null,
          finish: {
            state: 'in_progress',
            steps: {},
            failedStep: null,
            lastError: null,
            attempts: 1,
            startedAt: now,
            leaseUntil: lease.until,
            runner: lease.runner,
            completedAt: null,
            params: {},
          },
        },
        // The one signer's signature names its recipient, as every other signer's does; with
        // several, the last one's own event is in already and this one only starts the seal.
        event: signerEvent(
          'signed',
          actor,
          signingRecipientCount(contract) > 1 ? null : { recipientId: SINGLE_SIGNER_RECIPIENT_ID },
        ),
      },
    );
    if (claimed) {
      this.claimedLeases.set(claimed, lease);
      return claimed;
    }
    // Lost the race (another tab claimed it) or the link closed meanwhile.
    const current = await this.signing.contractOf(contract.token);
    if (current.finish) return current;
    throw closedLinkError(signerLinkStateOf(current.status));
  }

  /** Does one step; returns the agreement fields it produced. */
  private async runStep(
    step: SigningFinishStep,
    contract: AgreementDocument<object>,
    { sealed, documents }: { sealed: Map<string, Buffer>; documents: RunDocuments },
  ): Promise<Partial<Agreement>> {
    const config = familyConfig(contract.family);
    const form = contract.form;
    const parties = config.parties(form);
    const title = config.title(form);
    switch (step) {
      case 'signaturePlaced':
        await this.documents.placeSignature(
          {
            document: contract.docLink,
            contractKind: contract.family,
            signerName: parties.signerName,
            initials: contract.initials,
            signature: await this.signatureSourceOf(contract),
            signedAt: contract.signedAt ?? new Date(),
          },
          documents,
        );
        return {};
      case 'auditTrail': {
        const { docLink } = await this.derivedDocuments.createAuditTrail(
          {
            agreement: contract.docLink,
            documentTitle: title,
            signer: { name: parties.signerName, email: parties.signerEmail },
            // Every recipient, one signer too (the certificate of completion, issue 37 item 6):
            // role, e-mail, how they were authenticated ("… E-mail code verified at …") and
            // whether they signed, by the one rule the card and /verify read.
            ...auditRecipientsOf(contract, {
              name: parties.signerName,
              email: parties.signerEmail,
            }),
            events: auditEventsOf(contract),
            contractToken: contract.token,
            envelopeId: String(contract._id),
            verifyUrl: verifyLink(this.config.PUBLIC_SIGNING_URL, contract.verifyId ?? null),
          },
          documents,
        );
        return { auditTrailDocLink: docLink };
      }
      case 'merged': {
        if (!contract.auditTrailDocLink) throw new Error('the audit trail is missing');
        // Built once and stored (the stored copy everybody gets), from the parts just checked.
        const { combinedDocLink, pdf } = await this.derivedDocuments.sealedAgreement(
          contract.docLink,
          contract.auditTrailDocLink,
          contract.token,
          // An admin's explicit, audited choice while the time-stamp service is away (issue 37).
          contract.sealLevelOverride?.level,
          documents,
        );
        sealed.set(combinedDocLink, pdf);
        return {
          signedDocLink: combinedDocLink,
          signedSha256: createHash('sha256').update(pdf).digest('hex'),
        };
      }
      case 'crmStageSigned': {
        // Queued: the signer never waits for the CRM nor sees it fail (the worker retries).
        await this.crmEvents.request(contract, 'signed', { link: contract.signedDocLink ?? null });
        return {};
      }
      case 'signedPdfFiled': {
        // Families whose signed PDFs belong to a project register them with the file service.
        const projectId = config.fileServiceProjectId(form);
        if (!projectId) return {};
        if (!contract.signedDocLink) throw new Error('the sealed PDF is missing');
        await this.fileService.registerContractFile({
          projectId,
          originalName: pdfFileName(title, ' (signed)'),
          driveLink: contract.signedDocLink,
          fileType: 'application/pdf',
        });
        return {};
      }
      case 'signedCopyMail': {
        if (!contract.signedDocLink) throw new Error('the sealed PDF is missing');
        const pdf =
          sealed.get(contract.signedDocLink) ??
          (await this.documentPdfs.pdfOf(contract.signedDocLink)).pdf;
        // The verify link the mail carries resolves from now on.
        if (contract.verifyId) await this.links.addKey(contract, 'verify', contract.verifyId);
        await this.mail.send({
          key: agreementMailKey(contract, 'signed-copy'),
          legacyKey: legacyAgreementMailKey(contract, 'signed-copy'),
          agreementId: String(contract._id),
          template: {
            kind: 'signed-copy',
            data: {
              recipientName: parties.signerName,
              agreementTitle: title,
              documentLink: verifyLink(this.config.PUBLIC_SIGNING_URL, contract.verifyId),
            },
          },
          // Every signer gets the signed copy (one mail, each address once); copies in cc.
          to: [
            parties.signerEmail,
            ...(contract.recipients ?? [])
              .filter((r) => r.role !== 'cc' && r.id !== SINGLE_SIGNER_RECIPIENT_ID)
              .map((r) => r.email),
          ],
          cc: parties.copyTo,
          replyTo: parties.senderEmail,
          attachments: [
            {
              filename: pdfFileName(title, ' (signed)'),
              contentType: 'application/pdf',
              content: Buffer.from(pdf),
            },
          ],
        });
        return {};
      }
    }
  }

  private async signatureSourceOf(contract: {
    signature?: string | null;
    signatureSource?: 'text' | 'image' | null;
    signatureImageId?: string | null;
    token?: string;
  }): Promise<SignatureSource> {
    if (contract.signatureSource === 'text' && contract.signature) {
      return { text: contract.signature };
    }
    // Records from before per-upload ids were kept under the token.
    const image = await this.signatureImages.findById(
      contract.signatureImageId ?? contract.token ?? '',
    );
    if (!image) throw new Error('the uploaded signature image is missing');
    const buffer = Buffer.from(image.png.buffer ?? image.png);
    return { image: { originalname: 'signature.png', size: buffer.length, buffer } };
  }
}

/**
 * When a finish answers: 'inline' after the sealed PDF, the signed copy and the CRM move
 * (the spec's calls that answer with the PDF's link, seeds); 'queued' once the signature is
 * recorded and the worker has them to do (the signing apps: the signer reads "check your
 * mailbox", and the sealed copy follows).
 */
export type SealTiming = 'inline' | 'queued';

/** `{PUBLIC_SIGNING_URL}/verify/{verifyId}`: the public page that checks a signed PDF. */
export function verifyLink(signingUrl: string, verifyId: string | null): string | undefined {
  return verifyId ? `${signingUrl.replace(/\/+$/, '')}/verify/${verifyId}` : undefined;
}

/** How long a signer's part may be under way before the schedule takes it over. */
const SIGNER_PART_GRACE_MS = 60_000;

/** How each kind of recipient proved who they are, as the audit trail says it. */
const AUTHENTICATION_OF_ROLE: Readonly<Record<RecipientRole, string>> = {
  signer: 'Own signing link by e-mail, captcha',
  countersigner: 'Signed in to ProSign (staff account)',
  cc: 'None (copy only)',
};

/**
 * How a recipient was authenticated, in words: a signer of an agreement that requires an
 * e-mail code also "E-mail code verified at …" (their last verification in the event log).
 */
export function authenticationOf(
  agreement: Pick<Agreement<object>, 'events' | 'requireEmailCode'>,
  recipientId: string,
  role: RecipientRole,
): string {
  const base = AUTHENTICATION_OF_ROLE[role];
  if (role !== 'signer' || !agreement.requireEmailCode) return base;
  const verified = (agreement.events ?? [])
    .filter(
      (event) =>
        event.type === 'email_code_verified' &&
        (event.data as { recipientId?: unknown } | null)?.recipientId === recipientId,
    )
    .map((event) => new Date(event.at))
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return verified
    ? `${base}. E-mail code verified at ${formatPacificTimestamp(verified)}`
    : `${base}, e-mail code`;
}

/**
 * The certificate's recipients and status line, each recipient's signature read from the
 * record by the shared rule (`recipientSignature`, `signingProgress`), never from the events.
 */
export function auditRecipientsOf(
  agreement: Pick<Agreement<object>, 'events' | 'requireEmailCode'> & RecipientSource,
  signer: { name: string; email: string },
): { recipients: AuditRecipient[]; progress: AuditSigningProgress } {
  const recipients = recipientsOf(agreement, signer);
  const progress = signingProgress(recipients);
  return {
    recipients: recipients.map((r) => {
      const signature = recipientSignature(r);
      return {
        recipientId: r.id,
        role: r.role,
        name: r.name,
        email: r.email,
        authentication: authenticationOf(agreement, r.id, r.role),
        signed: signature.signed,
        signedAt: signature.signedAt ? new Date(signature.signedAt) : null,
      };
    }),
    progress: {
      signed: progress.signed,
      total: progress.total,
      completedAt: progress.completedAt ? new Date(progress.completedAt) : null,
    },
  };
}

/** How a view came, in words: a link from a mail or a text, or the staff app (countersigner). */
const VIEW_CHANNEL_NAMES: Readonly<Record<string, string>> = {
  email: 'e-mail',
  phone: 'text message',
  staff: 'the ProSign staff app',
};

/** Event-log types the audit trail shows, as its own names. */
const AUDIT_TYPE_OF: Readonly<Record<string, AuditEventType>> = {
  sent: 'sent',
  viewed: 'viewed',
  email_code_verified: 'email_code_verified',
  email_code_locked: 'email_code_locked',
  email_code_reopened: 'email_code_reopened',
  signature_saved: 'signature_saved',
  signature_changed: 'signature_changed',
  consent: 'consent',
  signed: 'signed',
  reminder_sent: 'reminder_sent',
  resent: 'resent',
  edited_resent: 'edited_resent',
  signed_manually: 'signed_manually',
  declined: 'declined',
  handed_over: 'handed_over',
  signer_changed: 'handed_over',
  cancelled: 'cancelled',
  void: 'voided',
  seal_level_lowered: 'seal_level_lowered',
};

/** The audit trail's events, oldest first, from the agreement's event log (every view, every step). */
export function auditEventsOf(
  agreement: Pick<Agreement<object>, 'events' | 'form' | 'family' | 'recipients'>,
): AuditEvent[] {
  const signer = signerName(agreement);
  // Another signer's events name them (their address), as the first signer's name her.
  const others = new Map((agreement.recipients ?? []).map((r) => [r.id, r.email || r.name]));
  const severalSigners = signingRecipientCount(agreement) > 1;
  const events: AuditEvent[] = [];
  // Issue 35: a place handed over names, before the hand-over, the signer who held it then.
  const heldBy = holdersOverTime(agreement.events ?? []);
  for (const [position, event] of (agreement.events ?? []).entries()) {
    const type = AUDIT_TYPE_OF[event.type];
    if (!type) continue;
    const recipientId = (event.data as { recipientId?: unknown } | null)?.recipientId;
    const earlier = heldBy(position, typeof recipientId === 'string' ? recipientId : null);
    // With several signers each signature is its own event; the agreement's own "signed"
    // (the last signature starting the seal) would repeat the last one.
    if (severalSigners && event.type === 'signed' && typeof recipientId !== 'string') continue;
    const byOther = typeof recipientId === 'string' ? others.get(recipientId) : undefined;
    const audit: AuditEvent = {
      type,
      at: new Date(event.at),
      actor: event.actor === SIGNER_ACTOR ? (earlier ?? byOther ?? signer) : event.actor,
    };
    if (type === 'handed_over') {
      const data = event.data ?? {};
      const from = String(data.fromName || data.fromEmail || '');
      audit.handover = `from ${from} to ${String(data.toName ?? '')} <${String(data.toEmail ?? '')}>`;
      if (typeof data.note === 'string' && data.note) audit.reason = data.note;
    }
    if (event.ip) audit.ip = event.ip;
    // The signer's browser in words on what the signer did (staff and system events have none).
    if (event.actor === SIGNER_ACTOR && event.userAgent) {
      audit.userAgent = describeUserAgent(event.userAgent);
    }
    if (type === 'consent' && typeof event.data?.disclosureVersion === 'string') {
      audit.consentVersion = event.data.disclosureVersion;
    }
    if (typeof recipientId === 'string') audit.recipientId = recipientId;
    if (type === 'declined' && typeof event.data?.reason === 'string') {
      audit.reason = event.data.reason;
    }
    if (type === 'seal_level_lowered') {
      audit.reason = `sealed at PAdES ${String(event.data?.level)}, not ${String(event.data?.configured)}: ${String(event.data?.reason ?? '')}`;
    }
    if (type === 'viewed') {
      if (event.data?.channel)
        audit.via = VIEW_CHANNEL_NAMES[String(event.data.channel)] ?? 'e-mail';
      if (event.userAgent) audit.device = deviceOf(event.userAgent);
    }
    events.push(audit);
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Who held a signer's place when an event happened (issue 35): null while it is the holder
 * now; before a hand-over of the place, the e-mail (or name) of whom it was handed over from.
 * Events of the first signer carry no recipient id: they are `signer-1`'s.
 */
function holdersOverTime(
  events: ReadonlyArray<{ type: string; data?: Record<string, unknown> | null }>,
): (position: number, recipientId: string | null) => string | null {
  const handovers = events
    .map((event, position) => ({ event, position }))
    .filter(({ event }) => event.type === 'handed_over' || event.type === 'signer_changed');
  return (position, recipientId) => {
    const id = recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
    // The first hand-over of this place from the event on (itself included) names who held it.
    const next = handovers.find(
      (handover) => handover.position >= position && handover.event.data?.recipientId === id,
    );
    if (!next) return null;
    const data = next.event.data ?? {};
    return String(data.fromEmail || data.fromName || '') || null;
  };
}

function deviceOf(userAgent: string): DeviceKind {
  if (/iPad|Tablet/i.test(userAgent)) return 'tablet';
  if (/Mobile|Android|iPhone/i.test(userAgent)) return 'phone';
  return 'desktop';
}

export function responseOf(contract: Agreement<object>): FinishSigningResponse {
  return {
    status: 'signed',
    signedAt: (contract.signedAt ?? new Date()).toISOString(),
    signedDocLink: contract.signedDocLink ?? '',
    auditTrailDocLink: contract.auditTrailDocLink ?? '',
    verifyId: contract.verifyId ?? '',
  };
}

/** A runner holds the operation's lease now. */
function leaseHeld(
  progress: { runner?: string | null; leaseUntil?: Date | null } | null | undefined,
): boolean {
  return Boolean(
    progress?.runner && progress.leaseUntil && progress.leaseUntil.getTime() > Date.now(),
  );
}

/** How many people sign (signers and countersigner) an agreement with recipients; 1 before them. */
function signingRecipientCount(agreement: Pick<Agreement<object>, 'recipients'>): number {
  return (agreement.recipients ?? []).filter((r) => r.role !== 'cc').length || 1;
}
