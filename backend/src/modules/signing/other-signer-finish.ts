import { ConflictException, BadRequestException } from '@nestjs/common';
import {
  isFullySigned,
  recipientsToInvite,
  SIGNER_MESSAGES,
  SINGLE_SIGNER_RECIPIENT_ID,
  signerLinkStateOf,
  type FinishSigningResponse,
} from '@prosign/domain';
import {
  agreementMailKey,
  countersignRequestMail,
  familyConfig,
  recipientChange,
  recipientProgressOf,
  recipientsOf,
  type AgreementDocument,
  type AgreementEventRepository,
  type AgreementRepository,
  type StoredRecipient,
} from '../agreements';
import type { PlacedFieldValues } from '../../integrations/documents';
import type { DocumentsService, SignatureSource } from '../documents';
import type { MailService } from '../mail';
import { closedLinkError, signerEvent, type SignerActor } from './signer-events';

/** What finishing one signer's part needs from the finish service. */
export interface SignerPartDeps {
  repository: AgreementRepository;
  eventLog: AgreementEventRepository;
  documents: DocumentsService;
  mail: MailService;
  signatureOf(recipient: StoredRecipient): Promise<SignatureSource>;
  /** The fields a recipient filled, placed with their signature (SignerFieldValues). */
  fieldValuesOf(
    agreement: AgreementDocument<object>,
    recipientId: string,
    who: { name: string; email: string },
  ): Promise<PlacedFieldValues | null>;
  /** The staff app (PUBLIC_SHELL_URL): the countersigner's mail links there. */
  shellUrl: string;
}

/**
 * One signer's Agree and Finish while others still sign: their
 * recipient moves to signed (one conditional update, with its event), their
 * signature and initials are stamped into their own block so the next signer
 * sees them, and the next order is invited once this one's is complete. The
 * agreement itself is sealed only by the last signature (the finish runner).
 */
export async function finishSignerPart(
  deps: SignerPartDeps,
  agreement: AgreementDocument<object>,
  recipientId: string,
  actor: SignerActor,
): Promise<{ agreement: AgreementDocument<object>; response: FinishSigningResponse }> {
  const index = agreement.recipients?.findIndex((r) => r.id === recipientId) ?? -1;
  const recipient = agreement.recipients?.[index];
  if (!recipient) throw new ConflictException(SIGNER_MESSAGES.unknownLink);
  const state = signerLinkStateOf(agreement.status);
  if (state !== 'open') throw closedLinkError(state);
  const primary = recipientId === SINGLE_SIGNER_RECIPIENT_ID;
  const saved = primary
    ? agreement.status === 'signature_saved' && agreement.signatureSource && agreement.initials
    : recipient.state === 'signature-saved' && recipient.signatureSource && recipient.initials;
  if (recipient.state !== 'signed') {
    if (!saved) throw new ConflictException(SIGNER_MESSAGES.signatureNotSaved);
    const consented = primary ? agreement.consentAt : recipient.consentAt;
    if (!consented) throw new BadRequestException(SIGNER_MESSAGES.consentRequired);
  }
  const now = new Date();
  const path = `recipients.${index}`;
  const signed =
    recipient.state === 'signed'
      ? agreement
      : await deps.eventLog.record<object>(
          agreement,
          {
            now,
            condition: { [`${path}.state`]: 'signature-saved' },
            set: {
              ...recipientChange(agreement, recipientId, 'sign', {
                at: now,
                ip: actor.ip,
                userAgent: actor.userAgent ?? null,
              }),
              [`${path}.signedIp`]: actor.ip,
              // What is left of this part (stamp, invitations) is resumed from this mark if the
              // caller goes away before it is done; cleared once it is.
              signerPart: { recipientId, at: now },
            },
            event: signerEvent('signed', actor, { recipientId }),
          },
          { notify: true },
        );
  const current = signed ?? (await deps.repository.findById<object>(agreement._id));
  if (!current) throw new ConflictException(SIGNER_MESSAGES.unknownLink);
  const stored = current.recipients?.[index];
  if (stored?.state !== 'signed') throw closedLinkError(signerLinkStateOf(current.status));
  const invited = await completeSignerPart(deps, current, recipientId);
  return {
    agreement: invited,
    response: {
      status: 'signed',
      signedAt: (stored.signedAt ?? now).toISOString(),
      signedDocLink: '',
      auditTrailDocLink: '',
      verifyId: '',
      progress: recipientProgressOf(invited),
    },
  };
}

/**
 * The rest of a signer's part once their recipient is signed: their signature and initials
 * stamped into their block (placing again replaces), the next order invited (each once), and
 * the part's mark cleared. Safe to run again: the schedule resumes a part whose caller went
 * away half-way (`signerPart` older than a minute).
 */
export async function completeSignerPart(
  deps: SignerPartDeps,
  agreement: AgreementDocument<object>,
  recipientId: string,
): Promise<AgreementDocument<object>> {
  const stored = agreement.recipients?.find((r) => r.id === recipientId);
  if (stored?.state !== 'signed') return agreement;
  const primary = recipientId === SINGLE_SIGNER_RECIPIENT_ID;
  const parties = familyConfig(agreement.family).parties(agreement.form);
  const who = primary
    ? { name: parties.signerName, email: parties.signerEmail }
    : { name: stored.name, email: stored.email };
  const fieldValues = await deps.fieldValuesOf(agreement, recipientId, who);
  await deps.documents.placeSignature({
    document: agreement.docLink,
    contractKind: agreement.family,
    signerName: who.name,
    initials: primary ? agreement.initials : stored.initials,
    signature: primary
      ? await deps.signatureOf({ ...stored, ...primaryFields(agreement) })
      : await deps.signatureOf(stored),
    signedAt: stored.signedAt ?? new Date(),
    recipientId,
    ...(fieldValues ? { fieldValues } : {}),
  });
  const invited = await inviteNext(deps, agreement);
  const part = invited.signerPart;
  // The last signature: the mark stays until the seal claims the agreement (the claim clears it).
  if (part?.recipientId !== recipientId || everyoneSigned(invited)) return invited;
  return (
    (await deps.eventLog.record<object>(invited, {
      condition: { 'signerPart.at': part.at },
      set: { signerPart: null },
    })) ?? invited
  );
}

/** Whether every signer has signed: the last signature seals the agreement. */
export function everyoneSigned(agreement: AgreementDocument<object>): boolean {
  return isFullySigned(recipientsOf(agreement, { name: '', email: '' }));
}

/** The first signer's signature fields, kept on the agreement (the spec's). */
function primaryFields(agreement: AgreementDocument<object>): Partial<StoredRecipient> {
  return {
    signature: agreement.signature,
    signatureSource: agreement.signatureSource,
    signatureImageId: agreement.signatureImageId ?? agreement.token,
  };
}

/**
 * Invites the signers whose turn it is now (the next order once the earlier
 * ones all signed): each moves to invited once and gets their own link mail;
 * the firm's countersigner gets a mail to sign in the staff app.
 */
async function inviteNext(
  deps: SignerPartDeps,
  agreement: AgreementDocument<object>,
): Promise<AgreementDocument<object>> {
  let current = agreement;
  const config = familyConfig(agreement.family);
  const parties = config.parties(agreement.form);
  for (const next of recipientsToInvite(recipientsOf(agreement, { name: '', email: '' }))) {
    const index = current.recipients?.findIndex((r) => r.id === next.id) ?? -1;
    const stored = current.recipients?.[index];
    const countersigner = stored?.role === 'countersigner';
    if (!stored || (!stored.signingLink && !countersigner)) continue;
    const now = new Date();
    current =
      (await deps.eventLog.record<object>(
        current,
        {
          now,
          condition: { [`recipients.${index}.state`]: 'waiting' },
          set: recipientChange(current, next.id, 'invite', { at: now, ip: null, userAgent: null }),
        },
        { notify: true },
      )) ?? current;
    if (countersigner) {
      await deps.mail.send({
        key: agreementMailKey(current, 'countersign-request', next.id),
        agreementId: String(current._id),
        ...countersignRequestMail(current, stored, deps.shellUrl, false),
        replyTo: parties.senderEmail,
      });
      continue;
    }
    await deps.mail.send({
      key: agreementMailKey(current, 'review-link', next.id),
      agreementId: String(current._id),
      template: config.linkMail({
        form: config.withSigner(current.form, stored),
        link: stored.signingLink ?? '',
        senderEmail: parties.senderEmail,
        isReminder: false,
        subject: current.send?.params?.subject ?? null,
      }),
      to: [stored.email],
      replyTo: parties.senderEmail,
    });
  }
  return current;
}
