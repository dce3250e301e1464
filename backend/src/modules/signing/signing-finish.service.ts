import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { SIGNER_MESSAGES, signerLinkStateOf, type FinishSigningResponse } from '@prosign/domain';
import type { Connection, Model } from 'mongoose';
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CRM_PORT, type CrmPort } from '../../integrations/crm/crm.port';
import { AppConfig } from '../../platform/config/app-config';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import { Contract, type ContractDocument } from '../contracts/contract.schema';
import type { AuditEvent } from '../documents/layout/audit-trail-content';
import { DocumentsService, type SignatureSource } from '../documents/documents.service';
import { MailService } from '../mail/mail.service';
import { signatureImages } from './signature-images.collection';
import { SIGNING_FINISH_STEPS, type SigningFinishStep } from './signing-finish-steps';
import {
  agreementTitleOf,
  closedLinkError,
  signerName,
  SigningService,
  type SignerActor,
} from './signing.service';

/**
 * How long a runner holds a finish: a crashed runner's finish is taken over by
 * the worker's resume (or the signer's retry) after this long.
 */
export const FINISH_LEASE_MS = 2 * 60_000;
/** How long a second caller waits for a finish another runner is doing. */
const WAIT_FOR_OTHER_RUNNER_MS = 60_000;

/**
 * Finishing a signature (spec 1 §4.1) as one idempotent operation: the
 * contract is claimed atomically (signature_saved → signed, with time, IP and
 * history), so two tabs or a double click sign once; then the signature is
 * placed, the audit trail built, both merged into the sealed PDF, the CRM deal
 * moved to signed and the signed copy mailed. Each step's time is stored, so a
 * retry continues at the failed step and never repeats a finished one.
 */
@Injectable()
export class SigningFinishService {
  private readonly logger = new Logger(SigningFinishService.name);

  constructor(
    @InjectModel(Contract.name) private readonly contracts: Model<Contract>,
    @InjectConnection() private readonly connection: Connection,
    private readonly signing: SigningService,
    private readonly documents: DocumentsService,
    private readonly mail: MailService,
    @Inject(CRM_PORT) private readonly crm: CrmPort,
    private readonly realtime: RealtimePublisher,
    private readonly config: AppConfig,
  ) {}

  /** `POST /api/signing/finish`: claims (once) and completes the finish; repeated calls answer the same. */
  async finish(token: string, actor: SignerActor): Promise<FinishSigningResponse> {
    let contract = await this.signing.contractOf(token);
    if (!contract.finish) contract = await this.claim(contract, actor);
    return this.complete(contract);
  }

  /** Continues a claimed finish until it is complete (or fails at a step: 502). */
  async complete(start: ContractDocument): Promise<FinishSigningResponse> {
    const deadline = Date.now() + WAIT_FOR_OTHER_RUNNER_MS;
    let contract = start;
    for (;;) {
      if (contract.finish?.state === 'completed') return responseOf(contract);
      const runner = randomBytes(9).toString('base64url');
      const leased = await this.takeLease(contract, runner);
      if (leased) return this.runSteps(leased, runner);
      // Another tab, request or the worker is finishing it: wait for its outcome.
      if (Date.now() > deadline) throw new BadGatewayException(SIGNER_MESSAGES.finishFailed);
      await sleep(250);
      contract = (await this.contracts.findById(contract._id)) ?? contract;
    }
  }

  /** Finishes in progress whose runner is gone (api crash half-way); used by the worker's schedule. */
  async resumeAbandoned(now = new Date()): Promise<number> {
    const abandoned = await this.contracts.find({
      'finish.state': 'in_progress',
      'finish.startedAt': { $lt: new Date(now.getTime() - FINISH_LEASE_MS) },
    });
    let resumed = 0;
    for (const contract of abandoned) {
      const lease = contract.finish?.leaseUntil;
      if (lease && lease > now) continue;
      try {
        await this.complete(contract);
        resumed += 1;
      } catch (error) {
        this.logger.warn(
          `resuming the finish of ${contract.token} failed: ${(error as Error).message}`,
        );
      }
    }
    return resumed;
  }

  private async claim(contract: ContractDocument, actor: SignerActor): Promise<ContractDocument> {
    const state = signerLinkStateOf(contract.status);
    if (state !== 'open') throw closedLinkError(state);
    if (contract.status !== 'signature_saved' || !contract.signatureSource || !contract.initials) {
      throw new ConflictException(SIGNER_MESSAGES.signatureNotSaved);
    }
    if (!contract.consentAt) throw new BadRequestException(SIGNER_MESSAGES.consentRequired);
    const now = new Date();
    const claimed = await this.contracts.findOneAndUpdate(
      { _id: contract._id, status: 'signature_saved', finish: null },
      {
        $set: {
          status: 'signed',
          signedAt: now,
          signedIp: actor.ip,
          verifyId: randomBytes(16).toString('base64url'),
          finish: {
            state: 'in_progress',
            steps: {},
            failedStep: null,
            lastError: null,
            attempts: 0,
            startedAt: now,
            leaseUntil: null,
            runner: null,
            completedAt: null,
          },
        },
        $push: {
          history: {
            timestamp: now,
            status: 'signed',
            performedBy: signerName(contract),
            ipAddress: actor.ip,
          },
        },
      },
      { returnDocument: 'after' },
    );
    if (claimed) {
      this.realtime.contractChanged({
        family: 'standard',
        id: String(contract._id),
        status: 'signed',
      });
      return claimed;
    }
    // Lost the race (another tab claimed it) or the link closed meanwhile.
    const current = await this.signing.contractOf(contract.token);
    if (current.finish) return current;
    throw closedLinkError(signerLinkStateOf(current.status));
  }

  private takeLease(contract: ContractDocument, runner: string) {
    const now = new Date();
    return this.contracts.findOneAndUpdate(
      {
        _id: contract._id,
        'finish.state': 'in_progress',
        $or: [{ 'finish.leaseUntil': null }, { 'finish.leaseUntil': { $lte: now } }],
      },
      {
        $set: {
          'finish.leaseUntil': new Date(now.getTime() + FINISH_LEASE_MS),
          'finish.runner': runner,
          'finish.failedStep': null,
          'finish.lastError': null,
        },
        $inc: { 'finish.attempts': 1 },
      },
      { returnDocument: 'after' },
    );
  }

  private async runSteps(start: ContractDocument, runner: string): Promise<FinishSigningResponse> {
    let contract = start;
    for (const step of SIGNING_FINISH_STEPS) {
      if (contract.finish?.steps?.[step]) continue;
      let fields: Partial<Contract>;
      try {
        fields = await this.runStep(step, contract);
      } catch (error) {
        const detail = errorDetail(error);
        if (!(error instanceof HttpException)) this.logger.error(error);
        this.logger.warn(
          `finish of contract ${String(contract._id)} stopped at ${step}: ${detail}`,
        );
        await this.contracts.updateOne(
          { _id: contract._id, 'finish.runner': runner },
          {
            $set: {
              'finish.failedStep': step,
              'finish.lastError': detail,
              'finish.leaseUntil': null,
              'finish.runner': null,
            },
          },
        );
        throw new BadGatewayException(SIGNER_MESSAGES.finishFailed);
      }
      const now = new Date();
      const updated = await this.contracts.findOneAndUpdate(
        { _id: contract._id, 'finish.runner': runner },
        {
          $set: {
            ...fields,
            [`finish.steps.${step}`]: now,
            'finish.leaseUntil': new Date(now.getTime() + FINISH_LEASE_MS),
          },
        },
        { returnDocument: 'after' },
      );
      // The lease was taken over (this runner stalled past it): the new runner carries on.
      if (!updated) return this.complete(contract);
      contract = updated;
    }
    const completed = await this.contracts.findOneAndUpdate(
      { _id: contract._id, 'finish.runner': runner },
      {
        $set: {
          'finish.state': 'completed',
          'finish.completedAt': new Date(),
          'finish.leaseUntil': null,
          'finish.runner': null,
        },
      },
      { returnDocument: 'after' },
    );
    // Open dashboards refresh the card: it now has the final sealed PDF.
    if (completed) {
      this.realtime.contractChanged({
        family: 'standard',
        id: String(contract._id),
        status: 'signed',
      });
    }
    return this.complete(completed ?? contract);
  }

  /** Does one step; returns the contract fields it produced. */
  private async runStep(
    step: SigningFinishStep,
    contract: ContractDocument,
  ): Promise<Partial<Contract>> {
    const title = agreementTitleOf(contract);
    switch (step) {
      case 'signaturePlaced':
        await this.documents.placeSignature({
          document: contract.docLink,
          contractKind: 'standard',
          signerName: contract.full_name,
          initials: contract.initials,
          signature: await this.signatureSourceOf(contract),
          signedAt: contract.signedAt ?? new Date(),
        });
        return {};
      case 'auditTrail': {
        const { docLink } = await this.documents.createAuditTrail({
          agreement: contract.docLink,
          documentTitle: title,
          signer: { name: contract.full_name, email: contract.email },
          events: auditEventsOf(contract),
          contractToken: contract.token,
        });
        return { auditTrailDocLink: docLink };
      }
      case 'merged': {
        if (!contract.auditTrailDocLink) throw new Error('the audit trail is missing');
        const { combinedDocLink } = await this.documents.mergeDocuments(
          contract.docLink,
          contract.auditTrailDocLink,
          contract.token,
        );
        // Built once and stored; the second read is the stored copy everybody gets.
        await this.documents.pdfOf(combinedDocLink);
        const { pdf } = await this.documents.pdfOf(combinedDocLink);
        return {
          signedDocLink: combinedDocLink,
          signedSha256: createHash('sha256').update(pdf).digest('hex'),
        };
      }
      case 'crmStageSigned':
        if (!contract.hsDealId) return {};
        await this.crm.moveDealToStage(
          contract.hsDealId,
          'signed',
          contract.signedDocLink ?? undefined,
        );
        return {};
      case 'signedCopyMail': {
        if (!contract.signedDocLink) throw new Error('the sealed PDF is missing');
        const { pdf } = await this.documents.pdfOf(contract.signedDocLink);
        await this.mail.send({
          key: `signed-copy.${contract.token}`,
          template: {
            kind: 'signed-copy',
            data: {
              recipientName: contract.full_name,
              agreementTitle: title,
              documentLink: verifyLink(this.config.PUBLIC_SIGNING_URL, contract.verifyId),
            },
          },
          to: [contract.email],
          cc: contract.cc_email ? [contract.cc_email] : [],
          replyTo: contract.csm_email,
          attachments: [
            {
              filename: `${safeFilename(title)} (signed).pdf`,
              contentType: 'application/pdf',
              content: Buffer.from(pdf),
            },
          ],
        });
        return {};
      }
    }
  }

  private async signatureSourceOf(contract: Contract): Promise<SignatureSource> {
    if (contract.signatureSource === 'text' && contract.signature) {
      return { text: contract.signature };
    }
    const image = await signatureImages(this.connection).findOne({
      // Records from before per-upload ids were kept under the token.
      _id: contract.signatureImageId ?? contract.token,
    });
    if (!image) throw new Error('the uploaded signature image is missing');
    const buffer = Buffer.from(image.png.buffer ?? image.png);
    return { image: { originalname: 'signature.png', size: buffer.length, buffer } };
  }
}

/** `{PUBLIC_SIGNING_URL}/verify/{verifyId}`: the public page that checks a signed PDF. */
export function verifyLink(signingUrl: string, verifyId: string | null): string | undefined {
  return verifyId ? `${signingUrl.replace(/\/+$/, '')}/verify/${verifyId}` : undefined;
}

/** The signing events of a contract, oldest first, with times and addresses. */
export function auditEventsOf(contract: Contract): AuditEvent[] {
  const signer = signerName(contract);
  const events: (AuditEvent | null)[] = [
    contract.createdAt
      ? {
          type: 'sent',
          at: contract.createdAt,
          ip: contract.createdIp ?? undefined,
          actor: contract.authenticatedEmailId,
        }
      : null,
    contract.viewedAt
      ? { type: 'viewed', at: contract.viewedAt, ip: contract.viewedIp ?? undefined, actor: signer }
      : null,
    contract.signatureSavedAt
      ? {
          type: 'signature_saved',
          at: contract.signatureSavedAt,
          ip: contract.signatureSavedIp ?? undefined,
          actor: signer,
        }
      : null,
    contract.consentAt
      ? {
          type: 'consent',
          at: contract.consentAt,
          ip: contract.consentIp ?? undefined,
          actor: signer,
        }
      : null,
    contract.signedAt
      ? { type: 'signed', at: contract.signedAt, ip: contract.signedIp ?? undefined, actor: signer }
      : null,
  ];
  return events
    .filter((event): event is AuditEvent => event !== null)
    .map(
      (event) =>
        Object.fromEntries(
          Object.entries(event).filter(([, v]) => v !== undefined),
        ) as unknown as AuditEvent,
    )
    .sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime());
}

export function responseOf(contract: Contract): FinishSigningResponse {
  return {
    status: 'signed',
    signedAt: (contract.signedAt ?? new Date()).toISOString(),
    signedDocLink: contract.signedDocLink ?? '',
    auditTrailDocLink: contract.auditTrailDocLink ?? '',
    verifyId: contract.verifyId ?? '',
  };
}

function safeFilename(title: string): string {
  return title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Agreement';
}

function errorDetail(error: unknown): string {
  if (error instanceof HttpException) {
    const response = error.getResponse();
    const message =
      typeof response === 'string' ? response : (response as { message?: unknown }).message;
    return Array.isArray(message) ? message.join('; ') : String(message ?? error.message);
  }
  return (error as Error)?.message ?? String(error);
}
