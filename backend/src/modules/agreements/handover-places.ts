// The place a hand-over gives to someone else, as the agreement stores it, and whether it may be
// handed over now.
import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import {
  HANDOVER_MESSAGES,
  type AgreementStatus,
  SIGNER_MESSAGES,
  signerLinkStateOf,
  SIGNING_PAGE_TITLES,
  SINGLE_SIGNER_RECIPIENT_ID,
  type RecipientState,
  type SignerLinkState,
} from '@prosign/domain';
import { familyConfig } from './agreement-family';
import type { StoredRecipient } from './agreement-recipients';
import type { AgreementDocument } from './agreement.schema';
import type { HandoverActor } from './agreement-handover.service';

/** The place being handed over, as the agreement stores it now. */
export interface Place {
  recipientId: string;
  /** The first signer's place is the agreement's own (token, link, the form's signer). */
  isFirst: boolean;
  stored: StoredRecipient | null;
  index: number;
  name: string;
  email: string;
  state: RecipientState;
  token: string;
  signingLink: string;
}

/** What a closed link's refusal says, as the signing pages say it. */
const CLOSED_TITLES: Record<Exclude<SignerLinkState, 'open'>, string> = {
  signed: SIGNING_PAGE_TITLES.signed,
  cancelled: SIGNING_PAGE_TITLES.cancelled,
  voided: SIGNING_PAGE_TITLES.voided,
  expired: SIGNING_PAGE_TITLES.expired,
  replaced: SIGNING_PAGE_TITLES.replaced,
  declined: SIGNING_PAGE_TITLES.declined,
};

/**
 * The place of `recipientId` as the agreement stores it now: the first signer's from the
 * agreement's own fields (and their recipient, when it keeps recipients), another signer's
 * from their recipient. 404 for a recipient not on it, 400 for one who is not a client signer.
 */
export function placeOf(agreement: AgreementDocument<object>, recipientId: string): Place {
  const isFirst = recipientId === SINGLE_SIGNER_RECIPIENT_ID;
  const index = agreement.recipients?.findIndex((r) => r.id === recipientId) ?? -1;
  const stored = index >= 0 ? (agreement.recipients?.[index] ?? null) : null;
  if (!stored && !isFirst) throw new NotFoundException(HANDOVER_MESSAGES.unknownRecipient);
  if (stored && stored.role !== 'signer') {
    throw new BadRequestException(HANDOVER_MESSAGES.notASigner);
  }
  const parties = familyConfig(agreement.family).parties(agreement.form);
  return {
    recipientId,
    isFirst,
    stored,
    index,
    name: isFirst ? parties.signerName : (stored?.name ?? ''),
    email: isFirst ? parties.signerEmail : (stored?.email ?? ''),
    state: stored?.state ?? stateOfOneSigner(agreement.status),
    token: isFirst ? agreement.token : (stored?.token ?? ''),
    signingLink: isFirst ? agreement.signingLink : (stored?.signingLink ?? ''),
  };
}

/** The one signer's state of an agreement from before recipients, from its status. */
function stateOfOneSigner(status: string | null): RecipientState {
  if (status === 'viewed') return 'viewed';
  if (status === 'signature_saved') return 'signature-saved';
  return signerLinkStateOf(status) === 'signed' ? 'signed' : 'invited';
}

/** Refuses a closed agreement and a place that may not be handed over now (409). */
/** The statuses a first signer's place is handed over from: staff also replace one who saved a signature. */
export function firstPlaceStatusesFrom(
  initial: AgreementStatus,
  actor: HandoverActor,
): AgreementStatus[] {
  return actor.kind === 'signer' ? [initial, 'viewed'] : [initial, 'viewed', 'signature_saved'];
}

export function assertMayHandOver(
  agreement: AgreementDocument<object>,
  place: Place,
  actor: HandoverActor,
): void {
  const state = signerLinkStateOf(agreement.status);
  if (state !== 'open') throw new ConflictException(CLOSED_TITLES[state]);
  if (agreement.deletedAt) throw new ConflictException(SIGNER_MESSAGES.unknownLink);
  const who = place.name || place.email;
  switch (place.state) {
    case 'signed':
      throw new ConflictException(
        actor.kind === 'signer'
          ? 'You have already signed this agreement.'
          : HANDOVER_MESSAGES.alreadySigned(who),
      );
    case 'signature-saved':
      // Staff replace the person: their saved signature goes with them (the update clears it).
      if (actor.kind === 'signer') throw new ConflictException(HANDOVER_MESSAGES.signatureSaved);
      return;
    case 'waiting':
      if (actor.kind === 'signer') throw new ConflictException(SIGNER_MESSAGES.notYourTurn);
      return;
    case 'declined':
      throw new ConflictException(SIGNING_PAGE_TITLES.declined);
    default:
      return;
  }
}
