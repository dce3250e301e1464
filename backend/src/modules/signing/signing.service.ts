import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import {
  agreementTitle,
  initialsFromFullName,
  SIGNATURE_MESSAGES,
  SIGNER_MESSAGES,
  SIGNING_PAGE_TITLES,
  signerLinkStateOf,
  signingViewChannel,
  type ContractStatus,
  type SignerLinkState,
  type SignerMetrics,
  type SignerSaveResponse,
  type SignerUserDetail,
  type SigningBookmarks,
  type VerifyTokenResponse,
} from '@prosign/domain';
import type { Connection, Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import { DocumentsService } from '../documents/documents.service';
import { Contract, type ContractDocument } from '../contracts/contract.schema';
import {
  SignatureImageService,
  type UploadedImage,
} from '../documents/signatures/signature-image.service';
import { signatureImages } from './signature-images.collection';

/** Where a signer call came from: the address written into history and the audit trail. */
export interface SignerActor {
  ip: string | null;
}

/** Statuses from which saving a signature moves the contract to signature_saved. */
const UNSAVED_STATUSES: ContractStatus[] = ['not signed', 'viewed'];
/** Statuses in which the signature may still be changed. */
const EDITABLE_STATUSES: ContractStatus[] = ['not signed', 'viewed', 'signature_saved'];

/** The refusal of a change on a link that is not open, with the page title the signer sees. */
export function closedLinkError(state: SignerLinkState): ConflictException {
  const titles: Record<Exclude<SignerLinkState, 'open'>, string> = {
    signed: SIGNING_PAGE_TITLES.signed,
    cancelled: SIGNING_PAGE_TITLES.cancelled,
    voided: SIGNING_PAGE_TITLES.voided,
    expired: SIGNING_PAGE_TITLES.expired,
    replaced: SIGNING_PAGE_TITLES.replaced,
  };
  return new ConflictException(state === 'open' ? SIGNER_MESSAGES.unknownLink : titles[state]);
}

/** Who the history names for a signer's action. */
export function signerName(contract: Pick<Contract, 'email' | 'full_name'>): string {
  return contract.email || contract.full_name;
}

export function agreementTitleOf(contract: Pick<Contract, 'contractTitle' | 'form_type'>): string {
  return agreementTitle(contract.contractTitle, contract.form_type);
}

export function metricsOf(contract: Contract): SignerMetrics {
  const status = contract.status;
  return {
    isSignatureSaved: Boolean(contract.signatureSource && contract.initials),
    isSigned: status === 'signed' || status === 'signed_manually',
    signature: contract.signatureSource === 'text' ? contract.signature : null,
    initials: contract.initials ?? null,
  };
}

/**
 * The signer's calls before finishing (spec 1 §3, §4.1, §7): verifying the
 * link (and counting the view), reading the signer's details, saving the
 * signature, the initials with consent, an uploaded image, and editing. Every
 * change is one conditional update of the contract record, so it applies once
 * and only while the link is open.
 */
@Injectable()
export class SigningService {
  private readonly logger = new Logger(SigningService.name);

  constructor(
    @InjectModel(Contract.name) private readonly contracts: Model<Contract>,
    @InjectConnection() private readonly connection: Connection,
    private readonly images: SignatureImageService,
    private readonly realtime: RealtimePublisher,
    private readonly documents: DocumentsService,
  ) {}

  /** The sent contract of a token; 404 for unknown tokens and records never sent. */
  async contractOf(token: string): Promise<ContractDocument> {
    const contract = await this.contracts.findOne({ token: token.trim() });
    if (!contract || contract.status === null) {
      throw new NotFoundException(SIGNER_MESSAGES.unknownLink);
    }
    return contract;
  }

  async verifyToken(
    token: string,
    prefix: string | undefined,
    actor: SignerActor,
  ): Promise<VerifyTokenResponse> {
    let contract = await this.contractOf(token);
    if (signerLinkStateOf(contract.status) === 'open') {
      const counter =
        signingViewChannel(prefix) === 'phone' ? 'viewedByPhoneCount' : 'viewedByEmailCount';
      const now = new Date();
      // The first open moves 'not signed' to viewed; the same update counts the view.
      const firstView = await this.contracts.findOneAndUpdate(
        { _id: contract._id, status: 'not signed' },
        {
          $set: { status: 'viewed', viewedAt: now, viewedIp: actor.ip },
          $inc: { viewedTimes: 1, [counter]: 1 },
          $push: {
            history: {
              timestamp: now,
              status: 'viewed',
              performedBy: signerName(contract),
              ipAddress: actor.ip,
            },
          },
        },
        { returnDocument: 'after' },
      );
      if (firstView) {
        contract = firstView;
        this.realtime.contractChanged({
          family: 'standard',
          id: String(contract._id),
          status: 'viewed',
        });
      } else {
        contract =
          (await this.contracts.findOneAndUpdate(
            { _id: contract._id },
            { $inc: { viewedTimes: 1, [counter]: 1 } },
            { returnDocument: 'after' },
          )) ?? contract;
      }
    }
    const status = contract.status as ContractStatus;
    return {
      valid: true,
      linkState: signerLinkStateOf(status),
      status,
      agreementTitle: agreementTitleOf(contract),
      docLink: contract.docLink,
      signedDocLink: contract.signedDocLink ?? null,
      verifyId: contract.finish?.state === 'completed' ? contract.verifyId : null,
      bookmarks: await this.bookmarksOf(contract),
      ...this.userDetailOf(contract),
    };
  }

  async userDetail(token: string): Promise<SignerUserDetail> {
    return this.userDetailOf(await this.contractOf(token));
  }

  /** `upload-signature`: the typed signature, with initials (from the name unless given). */
  async saveTypedSignature(
    token: string,
    input: { textSignature: string; initials?: string },
    actor: SignerActor,
  ): Promise<SignerSaveResponse> {
    const text = input.textSignature.trim();
    if (!text) throw new BadRequestException(SIGNATURE_MESSAGES.blankSignature);
    const contract = await this.openContract(token);
    const saved = await this.saveSignature(
      contract,
      {
        signature: text,
        signatureSource: 'text',
        initials: this.initialsFor(contract, input.initials),
      },
      actor,
    );
    return { message: SIGNER_MESSAGES.signatureUploaded, metrics: metricsOf(saved) };
  }

  /** `upload-image`: a drawn or uploaded PNG, re-encoded and kept beside the contract. */
  async saveImageSignature(
    token: string,
    file: UploadedImage | undefined,
    actor: SignerActor,
  ): Promise<SignerSaveResponse> {
    const contract = await this.openContract(token);
    const png = this.images.normalizeUploadedPng(file);
    // Each upload is its own record, referenced by the contract in the same
    // conditional update that saves the signature: once signed, the contract
    // keeps pointing at the image it was signed with, whatever comes later.
    const imageId = randomUUID();
    const images = signatureImages(this.connection);
    await images.insertOne({ _id: imageId, png, uploadedAt: new Date(), uploadedIp: actor.ip });
    let saved: ContractDocument;
    try {
      saved = await this.saveSignature(
        contract,
        {
          signature: null,
          signatureSource: 'image',
          signatureImageId: imageId,
          initials: this.initialsFor(contract),
        },
        actor,
      );
    } catch (error) {
      await images.deleteOne({ _id: imageId });
      throw error;
    }
    if (contract.signatureImageId && contract.signatureImageId !== imageId) {
      await images.deleteOne({ _id: contract.signatureImageId });
    }
    return { message: SIGNER_MESSAGES.signatureUploaded, metrics: metricsOf(saved) };
  }

  /** `upload-initials`: initials together with the signer's consent (required to finish). */
  async saveInitials(
    token: string,
    input: { initials?: string; agreedToTerms?: boolean },
    actor: SignerActor,
  ): Promise<SignerSaveResponse> {
    if (input.agreedToTerms !== true) {
      throw new BadRequestException(SIGNER_MESSAGES.consentRequired);
    }
    const contract = await this.openContract(token);
    const initials = this.initialsFor(contract, input.initials);
    const now = new Date();
    // Consent is recorded once, when first given; initials follow the latest call.
    const updated =
      (await this.contracts.findOneAndUpdate(
        { _id: contract._id, status: { $in: EDITABLE_STATUSES }, consentAt: null },
        { $set: { initials, consentAt: now, consentIp: actor.ip } },
        { returnDocument: 'after' },
      )) ??
      (await this.contracts.findOneAndUpdate(
        { _id: contract._id, status: { $in: EDITABLE_STATUSES } },
        { $set: { initials } },
        { returnDocument: 'after' },
      ));
    if (!updated) throw await this.refusalFor(contract.token);
    return { message: SIGNER_MESSAGES.initialsUploaded, metrics: metricsOf(updated) };
  }

  /** `edit-signature`: changes the typed signature and initials until the contract is signed. */
  async editSignature(
    token: string,
    input: { signatures: string; initials: string },
    actor: SignerActor,
  ): Promise<SignerSaveResponse> {
    const signature = input.signatures.trim();
    if (!signature) throw new BadRequestException(SIGNATURE_MESSAGES.blankSignature);
    const contract = await this.openContract(token);
    const initials = this.initialsFor(contract, input.initials);
    if (
      contract.signatureSource === 'text' &&
      contract.signature === signature &&
      contract.initials === initials
    ) {
      return { message: SIGNER_MESSAGES.editUnchanged, metrics: metricsOf(contract) };
    }
    const saved = await this.saveSignature(
      contract,
      { signature, signatureSource: 'text', initials },
      actor,
    );
    return { message: SIGNER_MESSAGES.editSaved, metrics: metricsOf(saved) };
  }

  /**
   * Exact scroll targets for the signing steps. The page works without them
   * (it falls back to where the layout usually puts them), so a rendering
   * problem never blocks the signer here.
   */
  private async bookmarksOf(contract: Contract): Promise<SigningBookmarks | null> {
    if (signerLinkStateOf(contract.status) !== 'open') return null;
    try {
      return await this.documents.signingBookmarks(contract.docLink);
    } catch (error) {
      this.logger.warn(
        `no bookmarks for contract ${String(contract._id)}: ${(error as Error).message}`,
      );
      return null;
    }
  }

  private userDetailOf(contract: Contract): SignerUserDetail {
    return {
      metrics: metricsOf(contract),
      client: { full_name: contract.full_name, hsDealId: contract.hsDealId ?? null },
    };
  }

  private initialsFor(contract: Contract, given?: string): string {
    const initials = given?.trim() || contract.initials || initialsFromFullName(contract.full_name);
    if (!initials) throw new BadRequestException('Please add your initials');
    return initials;
  }

  /** The contract of a token whose link still accepts changes; 409 with the page's text otherwise. */
  private async openContract(token: string): Promise<ContractDocument> {
    const contract = await this.contractOf(token);
    const state = signerLinkStateOf(contract.status);
    if (state !== 'open') throw closedLinkError(state);
    return contract;
  }

  /**
   * Stores the signature; the first save moves the contract to signature_saved
   * (time, IP, history) in the same update. Refused once signed or closed.
   */
  private async saveSignature(
    contract: ContractDocument,
    fields: Pick<Contract, 'signature' | 'signatureSource' | 'initials'> &
      Partial<Pick<Contract, 'signatureImageId'>>,
    actor: SignerActor,
  ): Promise<ContractDocument> {
    const now = new Date();
    const first = await this.contracts.findOneAndUpdate(
      { _id: contract._id, status: { $in: UNSAVED_STATUSES } },
      {
        $set: {
          ...fields,
          status: 'signature_saved',
          signatureSavedAt: now,
          signatureSavedIp: actor.ip,
        },
        $push: {
          history: {
            timestamp: now,
            status: 'signature_saved',
            performedBy: signerName(contract),
            ipAddress: actor.ip,
          },
        },
      },
      { returnDocument: 'after' },
    );
    if (first) {
      this.realtime.contractChanged({
        family: 'standard',
        id: String(contract._id),
        status: 'signature_saved',
      });
      return first;
    }
    const again = await this.contracts.findOneAndUpdate(
      { _id: contract._id, status: 'signature_saved' },
      { $set: fields },
      { returnDocument: 'after' },
    );
    if (again) return again;
    throw await this.refusalFor(contract.token);
  }

  /** Why a conditional update found nothing: the link closed (or got signed) meanwhile. */
  private async refusalFor(token: string): Promise<ConflictException> {
    const current = await this.contractOf(token);
    return closedLinkError(signerLinkStateOf(current.status));
  }
}
