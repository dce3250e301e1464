import { ConflictException } from '@nestjs/common';
import {
  consentDisclosureText,
  SIGNER_ACTOR,
  SIGNER_MESSAGES,
  signerLinkStateOf,
  SIGNING_PAGE_TITLES,
  SINGLE_SIGNER_RECIPIENT_ID,
  type RecipientEvent,
  type SignerLinkState,
} from '@prosign/domain';
import { createHash } from 'node:crypto';
import { familyConfig, recipientChange, type Agreement, type EventInput } from '../agreements';

/**
 * What every signer call shares: who acted, the events it writes, the refusal
 * of a closed link, and how the agreement and its signer are named.
 */

/** Where a signer call came from: the address and browser written into the event log. */
export interface SignerActor {
  ip: string | null;
  userAgent?: string | null;
}

/** SHA-256 of the consent disclosure the signing page shows: what the signer agreed to. */
export const CONSENT_TEXT_SHA256 = createHash('sha256')
  .update(consentDisclosureText())
  .digest('hex');

export function signerEvent(
  type: string,
  actor: SignerActor,
  data: EventInput['data'] = null,
): EventInput {
  return { type, actor: SIGNER_ACTOR, ip: actor.ip, userAgent: actor.userAgent ?? null, data };
}

/** The refusal of a change on a link that is not open, with the page title the signer sees. */
export function closedLinkError(state: SignerLinkState): ConflictException {
  const titles: Record<Exclude<SignerLinkState, 'open'>, string> = {
    signed: SIGNING_PAGE_TITLES.signed,
    cancelled: SIGNING_PAGE_TITLES.cancelled,
    voided: SIGNING_PAGE_TITLES.voided,
    expired: SIGNING_PAGE_TITLES.expired,
    replaced: SIGNING_PAGE_TITLES.replaced,
    declined: SIGNING_PAGE_TITLES.declined,
  };
  return new ConflictException(state === 'open' ? SIGNER_MESSAGES.unknownLink : titles[state]);
}

/** When the link left the open state, by what closed it. */
export function closedAtOf(
  contract: Pick<
    Agreement,
    | 'status'
    | 'signedAt'
    | 'cancelledAt'
    | 'voidedAt'
    | 'expiredAt'
    | 'resendAt'
    | 'editResendAt'
    | 'declinedAt'
  >,
): Date | null {
  switch (signerLinkStateOf(contract.status)) {
    case 'signed':
      return contract.signedAt;
    case 'cancelled':
      return contract.cancelledAt;
    case 'voided':
      return contract.voidedAt;
    case 'expired':
      return contract.expiredAt;
    case 'replaced':
      return contract.editResendAt ?? contract.resendAt;
    case 'declined':
      return contract.declinedAt ?? null;
    case 'open':
      return null;
  }
}

/**
 * The signer's recipient moved by `event`, in the same update as the agreement's
 * change. Every link is the one signer's today (several signers: see `recipientId`).
 */
export function signerRecipientChange(
  contract: Pick<Agreement<object>, 'recipients'>,
  event: RecipientEvent,
  at: Date,
  actor: SignerActor,
): Record<string, unknown> {
  return recipientChange(contract, SINGLE_SIGNER_RECIPIENT_ID, event, {
    at,
    ip: actor.ip,
    userAgent: actor.userAgent ?? null,
  });
}

/** Who the audit trail names for the signer's actions. */
export function signerName(agreement: Pick<Agreement<object>, 'family' | 'form'>): string {
  const parties = familyConfig(agreement.family).parties(agreement.form);
  return parties.signerEmail || parties.signerName;
}

export function agreementTitleOf(agreement: Pick<Agreement<object>, 'family' | 'form'>): string {
  return familyConfig(agreement.family).title(agreement.form);
}
