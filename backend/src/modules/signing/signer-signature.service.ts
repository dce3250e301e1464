import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import {
  CONSENT_DISCLOSURE,
  initialsFromFullName,
  SIGNATURE_MESSAGES,
  SIGNER_MESSAGES,
  signerLinkStateOf,
  transitionRule,
  type AgreementFamily,
  type SignerSaveResponse,
} from '@prosign/domain';
import { randomUUID } from 'node:crypto';
import {
  AgreementEventRepository,
  familyConfig,
  type Agreement,
  type AgreementDocument,
} from '../agreements';
import { SignatureImageService, type UploadedImage } from '../documents';
import { OTHER_SIGNER_MESSAGES, OtherSignerSigning } from './other-signer.service';
import { SignatureImageRepository } from './signature-image.repository';
import {
  CONSENT_TEXT_SHA256,
  closedLinkError,
  signerEvent,
  signerRecipientChange,
  type SignerActor,
} from './signer-events';
import {
  firstSignerSignedPart,
  metricsOf,
  otherSeatOf,
  SigningService,
  type SignerSeat,
} from './signing.service';

/** A signed-for agreement of any family, as the signer's calls read it. */
type SignedAgreement = AgreementDocument<object>;

/**
 * The signer's signature before finishing (spec 1 §4.1): the typed or uploaded signature, the
 * initials with consent, editing and clearing it. Every change is one conditional update of the
 * agreement, so it applies once and only while the link is open.
 */
@Injectable()
export class SignerSignatureService {
  constructor(
    private readonly signing: SigningService,
    private readonly eventLog: AgreementEventRepository,
    private readonly signatureImages: SignatureImageRepository,
    private readonly images: SignatureImageService,
    private readonly others: OtherSignerSigning,
  ) {}

  /** `upload-signature`: the typed signature, with initials (from the name unless given). */
  async saveTypedSignature(
    token: string,
    input: { textSignature: string; initials?: string },
    actor: SignerActor,
    read?: SignerSeat,
  ): Promise<SignerSaveResponse> {
    const text = input.textSignature.trim();
    if (!text) throw new BadRequestException(SIGNATURE_MESSAGES.blankSignature);
    const seat = await this.signing.seatOf(token, undefined, read);
    const other = otherSeatOf(seat);
    if (other) {
      const typed = { signature: text, signatureSource: 'text' as const, initials: input.initials };
      return this.others.saveSignature(other, typed, actor);
    }
    const contract = openContractOf(seat.agreement);
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
    read?: SignerSeat,
  ): Promise<SignerSaveResponse> {
    const seat = await this.signing.seatOf(token, undefined, read);
    const other = otherSeatOf(seat);
    if (other) this.others.openRecipient(other);
    const contract = other?.agreement ?? openContractOf(seat.agreement);
    const png = this.images.normalizeUploadedPng(file);
    // Each upload is its own record, referenced by the contract in the same
    // conditional update that saves the signature: once signed, the contract
    // keeps pointing at the image it was signed with, whatever comes later.
    const imageId = randomUUID();
    const images = this.signatureImages;
    await images.insert({ _id: imageId, png, uploadedAt: new Date(), uploadedIp: actor.ip });
    if (other) {
      const drawn = {
        signature: null,
        signatureSource: 'image' as const,
        signatureImageId: imageId,
      };
      return this.others.saveSignature(other, drawn, actor).catch(async (error: unknown) => {
        await images.delete(imageId);
        throw error;
      });
    }
    let saved: SignedAgreement;
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
      await images.delete(imageId);
      throw error;
    }
    if (contract.signatureImageId && contract.signatureImageId !== imageId) {
      await images.delete(contract.signatureImageId);
    }
    return { message: SIGNER_MESSAGES.signatureUploaded, metrics: metricsOf(saved) };
  }

  /** `upload-initials`: initials together with the signer's consent (required to finish). */
  async saveInitials(
    token: string,
    input: { initials?: string; agreedToTerms?: boolean },
    actor: SignerActor,
    read?: SignerSeat,
  ): Promise<SignerSaveResponse> {
    if (input.agreedToTerms !== true) {
      throw new BadRequestException(SIGNER_MESSAGES.consentRequired);
    }
    const seat = await this.signing.seatOf(token, undefined, read);
    const other = otherSeatOf(seat);
    if (other) return this.others.saveInitials(other, input, actor);
    const contract = openContractOf(seat.agreement);
    const initials = this.initialsFor(contract, input.initials);
    const now = new Date();
    const open = { status: { $in: editableStatuses(contract.family) } };
    // Consent is an event each time it is given, with the disclosure's version and hash; the
    // first one's time and address are the record's. Initials follow the latest call.
    const consent = signerEvent('consent', actor, {
      disclosureVersion: CONSENT_DISCLOSURE.version,
      disclosureSha256: CONSENT_TEXT_SHA256,
    });
    const updated =
      (await this.eventLog.record<object>(contract, {
        now,
        condition: { ...open, consentAt: null },
        set: { initials, consentAt: now, consentIp: actor.ip },
        event: consent,
      })) ??
      (await this.eventLog.record<object>(contract, {
        now,
        condition: open,
        set: { initials },
        event: consent,
      }));
    if (!updated) throw await this.refusalFor(contract.token);
    return { message: SIGNER_MESSAGES.initialsUploaded, metrics: metricsOf(updated) };
  }

  /** `edit-signature`: changes the typed signature and initials until the contract is signed. */
  async editSignature(
    token: string,
    input: { signatures: string; initials: string },
    actor: SignerActor,
    read?: SignerSeat,
  ): Promise<SignerSaveResponse> {
    const signature = input.signatures.trim();
    if (!signature) throw new BadRequestException(SIGNATURE_MESSAGES.blankSignature);
    const seat = await this.signing.seatOf(token, undefined, read);
    const other = otherSeatOf(seat);
    if (other) {
      const typed = { signature, signatureSource: 'text' as const, initials: input.initials };
      return this.others.saveSignature(other, typed, actor, SIGNER_MESSAGES.editSaved);
    }
    const contract = openContractOf(seat.agreement);
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
   * `clear-signature` (spec 1 §4.1, item 6): clears the saved signature and initials
   * and resets the saved flag — the agreement goes back to viewed, as the rule
   * `clearSignature` says, with the event in the same update. Clearing what is
   * not saved answers with the metrics as they are; a closed link is refused.
   */
  async clearSignature(
    token: string,
    actor: SignerActor,
    read?: SignerSeat,
  ): Promise<SignerSaveResponse> {
    const seat = await this.signing.seatOf(token, undefined, read);
    const other = otherSeatOf(seat);
    if (other) return this.others.clearSignature(other, actor);
    const contract = openContractOf(seat.agreement);
    if (!metricsOf(contract).isSignatureSaved && contract.status !== 'signature_saved') {
      return { message: SIGNER_MESSAGES.signatureCleared, metrics: metricsOf(contract) };
    }
    const cleared = await this.eventLog.transition<object>(
      contract,
      transitionRule(contract.family, 'clearSignature'),
      {
        set: {
          signature: null,
          signatureSource: null,
          signatureImageId: null,
          initials: null,
          ...signerRecipientChange(contract, 'clearSignature', new Date(), actor),
        },
        event: signerEvent('signature_cleared', actor, {
          source: contract.signatureSource ?? '',
        }),
      },
    );
    if (!cleared) throw await this.refusalFor(contract.token);
    if (contract.signatureImageId) {
      await this.signatureImages.delete(contract.signatureImageId);
    }
    return { message: SIGNER_MESSAGES.signatureCleared, metrics: metricsOf(cleared) };
  }

  private initialsFor(contract: Agreement<object>, given?: string): string {
    const name = familyConfig(contract.family).parties(contract.form).signerName;
    const initials = given?.trim() || contract.initials || initialsFromFullName(name);
    if (!initials) throw new BadRequestException('Please add your initials');
    return initials;
  }

  /**
   * Stores the signature; the first save moves the contract to signature_saved
   * (time, IP, history) in the same update. Refused once signed or closed.
   */
  private async saveSignature(
    contract: SignedAgreement,
    fields: Pick<Agreement, 'signature' | 'signatureSource' | 'initials'> &
      Partial<Pick<Agreement, 'signatureImageId'>>,
    actor: SignerActor,
  ): Promise<SignedAgreement> {
    const now = new Date();
    const first = await this.eventLog.transition<object>(
      contract,
      transitionRule(contract.family, 'saveSignature'),
      {
        now,
        set: {
          ...fields,
          signatureSavedAt: now,
          signatureSavedIp: actor.ip,
          ...signerRecipientChange(contract, 'saveSignature', now, actor),
        },
        event: signerEvent('signature_saved', actor, { source: fields.signatureSource ?? '' }),
      },
    );
    if (first) return first;
    const again = await this.eventLog.record<object>(contract, {
      now,
      condition: { status: { $in: transitionRule(contract.family, 'finish').from } },
      set: fields,
      event: signerEvent('signature_changed', actor, { source: fields.signatureSource ?? '' }),
    });
    if (again) return again;
    throw await this.refusalFor(contract.token);
  }

  /** Why a conditional update found nothing: the link closed (or got signed) meanwhile. */
  private async refusalFor(token: string): Promise<ConflictException> {
    const current = await this.signing.contractOf(token);
    return closedLinkError(signerLinkStateOf(current.status));
  }
}

/** Statuses in which the signature may still be changed: before a first save, and after it. */
function editableStatuses(family: AgreementFamily) {
  return [
    ...transitionRule(family, 'saveSignature').from,
    ...transitionRule(family, 'finish').from,
  ];
}
/** The first signer's agreement while her link still accepts changes; 409 with the page's text otherwise. */
function openContractOf(contract: SignedAgreement): SignedAgreement {
  const state = signerLinkStateOf(contract.status);
  if (state !== 'open') throw closedLinkError(state);
  // Her signature is stamped into the document: it no longer changes.
  if (firstSignerSignedPart(contract)) {
    throw new ConflictException(OTHER_SIGNER_MESSAGES.alreadySigned);
  }
  return contract;
}
