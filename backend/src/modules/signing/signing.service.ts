import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  HANDED_OVER_ERROR,
  HANDOVER_MESSAGES,
  SIGNER_MESSAGES,
  signerLinkStateOf,
  signingViewChannel,
  SINGLE_SIGNER_RECIPIENT_ID,
  transitionRule,
  type AgreementFamily,
  type ContractStatus,
  type SignerLinkState,
  type SignerMetrics,
  type SignerUserDetail,
  type SigningBookmarks,
  type VerifyTokenResponse,
} from '@prosign/domain';
import { AppConfig } from '../../platform/config/app-config';
import {
  AgreementCrmEvents,
  AgreementEventRepository,
  AgreementLinkRepository,
} from '../agreements';
import type { Agreement } from '../agreements';
import { familyConfig, recipientProgressOf } from '../agreements';
import type { AgreementDocument } from '../agreements';

/** A signed-for agreement of any family, as the signer's calls read it. */
type SignedAgreement = AgreementDocument<object>;

/** The sent agreement a signing link opens, and whose link it is (null: the first signer's). */
export interface SignerSeat {
  agreement: SignedAgreement;
  recipientId: string | null;
}
import { OtherSignerSigning, type OtherSignerSeat } from './other-signer.service';
import { linkExpiresAt } from './link-expiry';
import { SigningBookmarksReader } from './signing-bookmarks';

import {
  agreementTitleOf,
  closedAtOf,
  signerEvent,
  signerRecipientChange,
  type SignerActor,
} from './signer-events';
export {
  agreementTitleOf,
  closedLinkError,
  signerEvent,
  signerName,
  signerRecipientChange,
  type SignerActor,
} from './signer-events';

export function metricsOf(
  contract: Pick<Agreement, 'status' | 'signatureSource' | 'signature' | 'initials'>,
): SignerMetrics {
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
  /**
   * The seat a guard read for a request's link (the e-mail code check), kept for its handler:
   * one read of the link and the agreement per request instead of one in the guard and another
   * in the handler. Keyed by the request object, so it lives no longer than the request.
   */
  private readonly seatsReadFor = new WeakMap<object, { token: string; seat: SignerSeat }>();

  constructor(
    private readonly links: AgreementLinkRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly crmEvents: AgreementCrmEvents,
    private readonly others: OtherSignerSigning,
    private readonly bookmarks: SigningBookmarksReader,
    private readonly config: AppConfig,
  ) {}

  /**
   * The sent agreement of a token (resolved by the link record); 404 for unknown
   * and unsent ones, and for another family's when `family` is given.
   */
  async contractOf(
    token: string,
    family?: AgreementFamily,
    read?: SignerSeat,
  ): Promise<SignedAgreement> {
    const seat = await this.seatOf(token, family, read);
    // Another signer's link acts only through the calls that know whose it is.
    if (seat.recipientId) throw new NotFoundException(SIGNER_MESSAGES.unknownLink);
    return seat.agreement;
  }

  /**
   * The sent agreement a token opens and whose link it is: the first signer's
   * (`recipientId` null: the agreement's own fields) or another signer's. `read`: the seat
   * this request already read for the token (`seatReadFor`), checked again but not read again.
   */
  async seatOf(token: string, family?: AgreementFamily, read?: SignerSeat): Promise<SignerSeat> {
    const key = token.trim();
    const found = read ?? (await this.links.findBySigningToken<object>(key));
    if (
      !found ||
      found.agreement.status === null ||
      (family && found.agreement.family !== family)
    ) {
      throw new NotFoundException(SIGNER_MESSAGES.unknownLink);
    }
    // A place handed over to another signer holds a new token; the old one is closed.
    const { agreement, recipientId } = found;
    const current = recipientId
      ? agreement.recipients?.find((r) => r.id === recipientId)?.token
      : agreement.token;
    if (current !== undefined && current !== key) throw await this.handedOverError(key, found);
    return found;
  }

  /**
   * `seatOf` for a guard checking the request's link: the seat is kept for the request's
   * handler (`seatReadFor`), which then needs no read of its own.
   */
  async seatOfRequest(request: object, token: string): Promise<SignerSeat> {
    const seat = await this.seatOf(token);
    this.seatsReadFor.set(request, { token, seat });
    return seat;
  }

  /**
   * The seat a guard read for this request and token (`seatOfRequest`), handed over once: the
   * handler takes it before it writes anything, and a later read in the same request (after a
   * write) goes to the database again.
   */
  seatReadFor(request: object, token: string): SignerSeat | undefined {
    const read = this.seatsReadFor.get(request);
    this.seatsReadFor.delete(request);
    return read?.token === token ? read.seat : undefined;
  }

  /** The refusal of every call of a handed-over link: to whom it went (the page says so). */
  private async handedOverError(
    token: string,
    seat: { agreement: SignedAgreement; recipientId: string | null },
  ): Promise<ConflictException> {
    const handover = await this.links.handoverOfLink(token);
    const id = seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
    const now = seat.agreement.recipients?.find((r) => r.id === id);
    const to =
      handover?.to ||
      now?.name ||
      familyConfig(seat.agreement.family).parties(seat.agreement.form).signerName;
    return new ConflictException(HANDOVER_MESSAGES.handedOver(to), HANDED_OVER_ERROR);
  }

  /**
   * Where a seat's link stands, counting nothing and rendering nothing (the link check before
   * the captcha): the agreement's state, or `signed` once this signer signed their part.
   */
  linkStateOf(seat: { agreement: SignedAgreement; recipientId: string | null }): SignerLinkState {
    const state = signerLinkStateOf(seat.agreement.status);
    if (!seat.recipientId) return firstSignerSignedPart(seat.agreement) ? 'signed' : state;
    const recipient = seat.agreement.recipients?.find((r) => r.id === seat.recipientId);
    return recipient?.state === 'signed' ? 'signed' : state;
  }

  /** What a seat's signing page shows, counting nothing: the first signer's or another signer's. */
  seatStateOf(seat: {
    agreement: SignedAgreement;
    recipientId: string | null;
  }): Promise<VerifyTokenResponse> {
    return seat.recipientId
      ? this.others.stateOf({ agreement: seat.agreement, recipientId: seat.recipientId })
      : this.stateOf(seat.agreement);
  }

  async verifyToken(
    token: string,
    prefix: string | undefined,
    actor: SignerActor,
    read?: SignerSeat,
  ): Promise<VerifyTokenResponse> {
    const seat = await this.seatOf(token, undefined, read);
    const other = otherSeatOf(seat);
    if (other) return this.others.view(other, prefix, actor);
    let contract = seat.agreement;
    if (signerLinkStateOf(contract.status) === 'open') {
      const channel = signingViewChannel(prefix);
      const counter = channel === 'phone' ? 'viewedByPhoneCount' : 'viewedByEmailCount';
      const now = new Date();
      const view = {
        now,
        inc: { viewedTimes: 1, [counter]: 1 },
        event: signerEvent('viewed', actor, { channel }),
      };
      // Every open is an event; the first moves 'not signed' to viewed in the same update.
      const firstView = await this.eventLog.transition<object>(
        contract,
        transitionRule(contract.family, 'view'),
        {
          ...view,
          set: {
            viewedAt: now,
            viewedIp: actor.ip,
            ...signerRecipientChange(contract, 'view', now, actor),
          },
        },
      );
      contract = firstView ?? (await this.eventLog.record<object>(contract, view)) ?? contract;
      // The deal's record hears of the first view, once, but asked on every open: an
      // open whose request was lost (the database gone between the view and it) must not lose
      // the note for good, and a repeat of a recorded write changes nothing. Its failure fails
      // the open, which the signing page tries again.
      await this.crmEvents.request(contract, 'viewed');
    }
    return this.stateOf(contract);
  }

  /** What the signing page shows of an agreement: its link state, document and the signer's progress. */
  async stateOf(contract: SignedAgreement): Promise<VerifyTokenResponse> {
    const status = contract.status as ContractStatus;
    // Several signers: the first signer who signed waits for the others, her link done.
    const signedPart = firstSignerSignedPart(contract);
    const open = !signedPart && signerLinkStateOf(status) === 'open';
    const detail = this.userDetailOf(contract);
    return {
      valid: true,
      linkState: signedPart ? 'signed' : signerLinkStateOf(status),
      status,
      agreementTitle: agreementTitleOf(contract),
      docLink: contract.docLink,
      signedDocLink: contract.signedDocLink ?? null,
      verifyId: contract.finish?.state === 'completed' ? contract.verifyId : null,
      bookmarks: open ? await this.bookmarksOf(contract) : null,
      readingLink: open ? this.bookmarks.readingLinkOf(contract) : null,
      sentAt: contract.createdAt?.toISOString() ?? null,
      expiresAt: open ? linkExpiresAt(contract, this.config.CONTRACT_EXPIRY_DAYS) : null,
      closedAt: signedPart?.toISOString() ?? closedAtOf(contract)?.toISOString() ?? null,
      sender: { email: contract.sentBy },
      progress: recipientProgressOf(contract),
      recipientId: SINGLE_SIGNER_RECIPIENT_ID,
      ...detail,
      metrics: signedPart ? { ...detail.metrics, isSigned: true } : detail.metrics,
    };
  }

  async userDetail(token: string, read?: SignerSeat): Promise<SignerUserDetail> {
    const seat = await this.seatOf(token, undefined, read);
    const other = otherSeatOf(seat);
    if (other) {
      const { metrics, client } = await this.others.stateOf(other);
      return { metrics, client };
    }
    return this.userDetailOf(seat.agreement);
  }

  /**
   * Exact scroll targets for the signing steps. The page works without them
   * (it falls back to where the layout usually puts them), so a rendering
   * problem never blocks the signer here.
   */
  private async bookmarksOf(
    contract: Pick<Agreement, '_id' | 'status' | 'docLink' | 'signingPlaces'>,
  ): Promise<SigningBookmarks | null> {
    if (signerLinkStateOf(contract.status) !== 'open') return null;
    try {
      return await this.bookmarks.bookmarksOf(contract, SINGLE_SIGNER_RECIPIENT_ID);
    } catch (error) {
      this.logger.warn(
        `no bookmarks for contract ${String(contract._id)}: ${(error as Error).message}`,
      );
      return null;
    }
  }

  private userDetailOf(contract: Agreement<object>): SignerUserDetail {
    const config = familyConfig(contract.family);
    return {
      metrics: metricsOf(contract),
      client: {
        full_name: config.parties(contract.form).signerName,
        hsDealId: config.crm.dealId(contract.form),
      },
    };
  }
}

/** The seat of another signer than the first, or null for the first signer's link. */
export function otherSeatOf(seat: SignerSeat): OtherSignerSeat | null {
  return seat.recipientId ? { agreement: seat.agreement, recipientId: seat.recipientId } : null;
}

/** When the first signer signed her part of an agreement others still sign; null otherwise. */
export function firstSignerSignedPart(
  contract: Pick<Agreement<object>, 'recipients' | 'status'>,
): Date | null {
  const first = contract.recipients?.find((r) => r.id === SINGLE_SIGNER_RECIPIENT_ID);
  const several = (contract.recipients ?? []).filter((r) => r.role !== 'cc').length > 1;
  if (!several || first?.state !== 'signed') return null;
  return signerLinkStateOf(contract.status) === 'open' ? (first.signedAt ?? new Date()) : null;
}
