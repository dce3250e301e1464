import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import {
  CONSENT_DISCLOSURE,
  initialsFromFullName,
  RECIPIENT_TRANSITIONS,
  SIGNATURE_MESSAGES,
  SIGNER_MESSAGES,
  signerLinkStateOf,
  signingViewChannel,
  transitionRule,
  type SignerMetrics,
  type SignerSaveResponse,
  type VerifyTokenResponse,
} from '@prosign/domain';
import {
  type AgreementDocument,
  AgreementEventRepository,
  AgreementRepository,
  type AgreementWrite,
  recipientChange,
  recipientProgressOf,
  type StoredRecipient,
} from '../agreements';
import { AppConfig } from '../../platform/config/app-config';
import { linkExpiresAt } from './link-expiry';
import { SigningBookmarksReader } from './signing-bookmarks';
import {
  agreementTitleOf,
  closedAtOf,
  CONSENT_TEXT_SHA256,
  closedLinkError,
  signerEvent,
  type SignerActor,
} from './signer-events';

/** An agreement as one of its other signers (not the first) opens it. */
export interface OtherSignerSeat {
  agreement: AgreementDocument<object>;
  recipientId: string;
}

export const OTHER_SIGNER_MESSAGES = {
  notYourTurn: SIGNER_MESSAGES.notYourTurn,
  alreadySigned: 'You have already signed this agreement.',
} as const;

/**
 * The signing calls of a signer besides the first: their own state,
 * signature, initials and consent are kept on their recipient
 * (`recipients.<i>`), each change one conditional update with its event naming
 * them, while the agreement's own fields stay the first signer's (the spec's).
 */
@Injectable()
export class OtherSignerSigning {
  constructor(
    private readonly repository: AgreementRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly bookmarks: SigningBookmarksReader,
    private readonly config: AppConfig,
  ) {}

  /** The recipient and where it is in the list; 404 as an unknown link when it is gone. */
  recipientOf(seat: OtherSignerSeat): { recipient: StoredRecipient; index: number } {
    const index = seat.agreement.recipients?.findIndex((r) => r.id === seat.recipientId) ?? -1;
    const recipient = seat.agreement.recipients?.[index];
    if (!recipient) throw new ConflictException(SIGNER_MESSAGES.unknownLink);
    return { recipient, index };
  }

  metricsOf(seat: OtherSignerSeat): SignerMetrics {
    const { recipient } = this.recipientOf(seat);
    return {
      isSignatureSaved: Boolean(recipient.signatureSource && recipient.initials),
      isSigned: recipient.state === 'signed',
      signature: recipient.signatureSource === 'text' ? (recipient.signature ?? null) : null,
      initials: recipient.initials ?? null,
    };
  }

  /** What this signer's page shows: the agreement, their own progress and the others'. */
  async stateOf(seat: OtherSignerSeat): Promise<VerifyTokenResponse> {
    const { agreement } = seat;
    const { recipient } = this.recipientOf(seat);
    const agreementState = signerLinkStateOf(agreement.status);
    const linkState = recipient.state === 'signed' ? 'signed' : agreementState;
    const open = linkState === 'open';
    return {
      valid: true,
      linkState,
      status: agreement.status as VerifyTokenResponse['status'],
      agreementTitle: agreementTitleOf(agreement),
      docLink: agreement.docLink,
      signedDocLink: agreement.signedDocLink ?? null,
      verifyId: agreement.finish?.state === 'completed' ? agreement.verifyId : null,
      bookmarks: open
        ? await this.bookmarks.bookmarksOf(agreement, recipient.id).catch(() => null)
        : null,
      readingLink: open ? this.bookmarks.readingLinkOf(agreement) : null,
      sentAt: recipient.invitedAt?.toISOString() ?? null,
      expiresAt: open ? linkExpiresAt(agreement, this.config.CONTRACT_EXPIRY_DAYS) : null,
      closedAt:
        recipient.state === 'signed'
          ? (recipient.signedAt?.toISOString() ?? null)
          : (closedAtOf(agreement)?.toISOString() ?? null),
      sender: { email: agreement.sentBy },
      metrics: this.metricsOf(seat),
      client: { full_name: recipient.name, hsDealId: null },
      progress: recipientProgressOf(agreement),
      recipientId: recipient.id,
    };
  }

  /** A view: counted on the agreement (the first moves it to viewed) and on this signer. */
  async view(seat: OtherSignerSeat, prefix: string | undefined, actor: SignerActor) {
    let { agreement } = seat;
    const { recipient } = this.recipientOf(seat);
    if (signerLinkStateOf(agreement.status) !== 'open' || recipient.state === 'signed') {
      return this.stateOf(seat);
    }
    this.assertTurn(recipient);
    const now = new Date();
    const channel = signingViewChannel(prefix);
    const counter = channel === 'phone' ? 'viewedByPhoneCount' : 'viewedByEmailCount';
    const write = {
      now,
      inc: { viewedTimes: 1, [counter]: 1 },
      set: recipientChange(agreement, recipient.id, 'view', { at: now, ...actorOf(actor) }),
      event: signerEvent('viewed', actor, { channel, recipientId: recipient.id }),
    };
    if (recipient.state === 'invited') {
      const index = this.recipientOf(seat).index;
      write.set[`recipients.${index}.viewedIp`] = actor.ip;
    }
    agreement =
      (await this.eventLog.transition<object>(agreement, transitionRule(agreement.family, 'view'), {
        ...write,
        set: { ...write.set, viewedAt: now, viewedIp: actor.ip },
      })) ??
      (await this.eventLog.record<object>(agreement, write)) ??
      agreement;
    return this.stateOf({ ...seat, agreement });
  }

  /** A typed or drawn signature with initials (from the name unless given). */
  async saveSignature(
    seat: OtherSignerSeat,
    fields: Pick<StoredRecipient, 'signature' | 'signatureSource' | 'signatureImageId'> & {
      initials?: string;
    },
    actor: SignerActor,
    message: string = SIGNER_MESSAGES.signatureUploaded,
  ): Promise<SignerSaveResponse> {
    if (fields.signatureSource === 'text' && !fields.signature?.trim()) {
      throw new BadRequestException(SIGNATURE_MESSAGES.blankSignature);
    }
    const { agreement } = seat;
    const { recipient, index } = this.openRecipient(seat);
    const now = new Date();
    const path = `recipients.${index}`;
    return this.writeRecipient(seat, message, {
      now,
      condition: {
        [`${path}.state`]: {
          $in: [...RECIPIENT_TRANSITIONS.saveSignature.from, 'signature-saved'],
        },
      },
      set: {
        [`${path}.signature`]: fields.signature?.trim() ?? null,
        [`${path}.signatureSource`]: fields.signatureSource,
        [`${path}.signatureImageId`]: fields.signatureImageId ?? null,
        [`${path}.initials`]: fields.initials?.trim() || initialsFromFullName(recipient.name),
        [`${path}.signatureSavedIp`]: actor.ip,
        ...recipientChange(agreement, recipient.id, 'saveSignature', {
          at: now,
          ...actorOf(actor),
        }),
      },
      event: signerEvent(
        recipient.state === 'signature-saved' ? 'signature_changed' : 'signature_saved',
        actor,
        { source: fields.signatureSource ?? '', recipientId: recipient.id },
      ),
    });
  }

  /** Initials with the signer's consent (required to finish). */
  async saveInitials(
    seat: OtherSignerSeat,
    input: { initials?: string; agreedToTerms?: boolean },
    actor: SignerActor,
  ): Promise<SignerSaveResponse> {
    if (input.agreedToTerms !== true) {
      throw new BadRequestException(SIGNER_MESSAGES.consentRequired);
    }
    const { recipient, index } = this.openRecipient(seat);
    const now = new Date();
    const path = `recipients.${index}`;
    return this.writeRecipient(seat, SIGNER_MESSAGES.initialsUploaded, {
      now,
      condition: { [`${path}.state`]: { $ne: 'signed' } },
      set: {
        [`${path}.initials`]: input.initials?.trim() || initialsFromFullName(recipient.name),
        ...(recipient.consentAt
          ? {}
          : { [`${path}.consentAt`]: now, [`${path}.consentIp`]: actor.ip }),
      },
      event: signerEvent('consent', actor, {
        disclosureVersion: CONSENT_DISCLOSURE.version,
        disclosureSha256: CONSENT_TEXT_SHA256,
        recipientId: recipient.id,
      }),
    });
  }

  /** Clears this signer's saved signature and initials (back to viewed). */
  async clearSignature(seat: OtherSignerSeat, actor: SignerActor): Promise<SignerSaveResponse> {
    const { agreement } = seat;
    const { recipient, index } = this.openRecipient(seat);
    if (recipient.state !== 'signature-saved') {
      return { message: SIGNER_MESSAGES.signatureCleared, metrics: this.metricsOf(seat) };
    }
    const now = new Date();
    const path = `recipients.${index}`;
    return this.writeRecipient(seat, SIGNER_MESSAGES.signatureCleared, {
      now,
      condition: { [`${path}.state`]: 'signature-saved' },
      set: {
        [`${path}.signature`]: null,
        [`${path}.signatureSource`]: null,
        [`${path}.signatureImageId`]: null,
        [`${path}.initials`]: null,
        ...recipientChange(agreement, recipient.id, 'clearSignature', {
          at: now,
          ...actorOf(actor),
        }),
      },
      event: signerEvent('signature_cleared', actor, { recipientId: recipient.id }),
    });
  }

  /**
   * One change of this signer's recipient, with its event, while the agreement is still
   * open and the recipient where `write.condition` says; the refusal says what closed it.
   */
  private async writeRecipient(
    seat: OtherSignerSeat,
    message: string,
    write: AgreementWrite,
  ): Promise<SignerSaveResponse> {
    const { agreement } = seat;
    const written = await this.eventLog.record<object>(agreement, {
      ...write,
      condition: { status: { $in: openStatuses(agreement) }, ...write.condition },
    });
    if (!written) throw await this.refusal(seat);
    return { message, metrics: this.metricsOf({ ...seat, agreement: written }) };
  }

  /** The recipient, refusing a closed link, a signer already signed, or one whose turn has not come. */
  openRecipient(seat: OtherSignerSeat) {
    const found = this.recipientOf(seat);
    const state = signerLinkStateOf(seat.agreement.status);
    if (state !== 'open') throw closedLinkError(state);
    if (found.recipient.state === 'signed') {
      throw new ConflictException(OTHER_SIGNER_MESSAGES.alreadySigned);
    }
    this.assertTurn(found.recipient);
    return found;
  }

  private assertTurn(recipient: StoredRecipient): void {
    if (recipient.state === 'waiting') {
      throw new ConflictException(OTHER_SIGNER_MESSAGES.notYourTurn);
    }
  }

  private async refusal(seat: OtherSignerSeat): Promise<ConflictException> {
    const current = await this.repository.findById<object>(seat.agreement._id);
    if (!current) return new ConflictException(SIGNER_MESSAGES.unknownLink);
    const { recipient } = this.recipientOf({ ...seat, agreement: current });
    if (recipient.state === 'signed')
      return new ConflictException(OTHER_SIGNER_MESSAGES.alreadySigned);
    return closedLinkError(signerLinkStateOf(current.status));
  }
}

/** Statuses in which a signer may still act: before the agreement is signed or closed. */
export function openStatuses(agreement: Pick<AgreementDocument<object>, 'family'>) {
  return [
    ...transitionRule(agreement.family, 'view').from,
    ...transitionRule(agreement.family, 'saveSignature').from,
    ...transitionRule(agreement.family, 'finish').from,
  ];
}

function actorOf(actor: SignerActor) {
  return { ip: actor.ip, userAgent: actor.userAgent ?? null };
}
