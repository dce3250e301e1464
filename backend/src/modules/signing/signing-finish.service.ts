import { InjectQueue } from '@nestjs/bullmq';
import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  Injectable,
  Logger,
} from '@nestjs/common';
import {
  SIGNER_MESSAGES,
  signerLinkStateOf,
  SINGLE_SIGNER_RECIPIENT_ID,
  transitionRule,
  type FinishSigningResponse,
} from '@prosign/domain';
import type { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../../platform/config/app-config';
import { ProductMetrics } from '../../platform/metrics/product-metrics';
import { QueueName } from '../../platform/queues/queue-names';
import {
  AgreementAnnouncer,
  AgreementEventRepository,
  AgreementRepository,
  httpErrorDetail,
  StepFailedError,
  StepRunner,
  StepRunnerBusyError,
  type Agreement,
  type AgreementDocument,
  type TakenLease,
} from '../agreements';
import { DocumentsService } from '../documents';
import { MailService } from '../mail';
import {
  completeSignerPart,
  everyoneSigned,
  finishSignerPart,
  type SignerPartDeps,
} from './other-signer-finish';
import { signingRecipientCount } from './signing-finish-audit';
import { SigningFinishPlan } from './signing-finish-plan';
import { sealAgreementJobId, SigningJob, type SealAgreementJobData } from './signing.jobs';
import {
  closedLinkError,
  signerEvent,
  signerRecipientChange,
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
    private readonly announcer: AgreementAnnouncer,
    private readonly runner: StepRunner,
    private readonly finishPlan: SigningFinishPlan,
    private readonly signing: SigningService,
    private readonly documents: DocumentsService,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly metrics: ProductMetrics,
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
      signatureOf: (recipient) => this.finishPlan.signatureSourceOf(recipient),
      fieldValuesOf: (agreement, recipientId, who) =>
        this.finishPlan.fieldValuesOf(agreement, recipientId, who),
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
      done = await this.runner.run(start, this.finishPlan.planOf(), {
        describe: httpErrorDetail,
        leased,
      });
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
    return this.runner.resumeAbandoned(this.finishPlan.planOf(), now);
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
      this.metrics.signingsCompleted.inc({ family: claimed.family });
      this.claimedLeases.set(claimed, lease);
      return claimed;
    }
    // Lost the race (another tab claimed it) or the link closed meanwhile.
    const current = await this.signing.contractOf(contract.token);
    if (current.finish) return current;
    throw closedLinkError(signerLinkStateOf(current.status));
  }
}

/**
 * When a finish answers: 'inline' after the sealed PDF, the signed copy and the CRM move
 * (the spec's calls that answer with the PDF's link, seeds); 'queued' once the signature is
 * recorded and the worker has them to do (the signing apps: the signer reads "check your
 * mailbox", and the sealed copy follows).
 */
export type SealTiming = 'inline' | 'queued';

/** How long a signer's part may be under way before the schedule takes it over. */
const SIGNER_PART_GRACE_MS = 60_000;

function responseOf(contract: Agreement<object>): FinishSigningResponse {
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
