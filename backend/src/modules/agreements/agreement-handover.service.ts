import { BadRequestException, ConflictException, Injectable, Logger } from '@nestjs/common';
import {
  activeStatuses,
  checkHandover,
  formatPacificDateTime,
  HANDOVER_MESSAGES,
  includesEmailAddress,
  initialStatus,
  SIGNER_ACTOR,
  SIGNER_HANDOVER_FROM,
  SIGNER_MESSAGES,
  STAFF_HANDOVER_FROM,
  type HandoverResponse,
} from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import { DocumentLayoutService, DocumentsService } from '../documents';
import { MailService } from '../mail';
import { AgreementCrmEvents } from './agreement-crm-events';
import { familyConfig } from './agreement-family';
import { agreementMailKey } from './agreement-mail-keys';
import type { StoredHandover } from './agreement-recipients';
import type { Agreement, AgreementDocument } from './agreement.schema';
import { AgreementRepository } from './agreement.repository';
import { addressFreeCondition, AgreementEventRepository } from './agreement-events.repository';
import { AgreementLinkRepository, newLinkToken } from './agreement-links.repository';
import type { EventInput } from './event-chain';
import { assertMayHandOver, firstPlaceStatusesFrom, placeOf, type Place } from './handover-places';

/** Who hands over: the signer from their own link, or a staff member from the card. */
export type HandoverActor =
  | { kind: 'signer'; ip: string | null; userAgent: string | null }
  | { kind: 'staff'; email: string; ip: string | null; userAgent: string | null };
/**
 * Hand over to the authorised signatory, for a signer from their link and
 * for staff's "Change signer": the new signer takes the place (same recipient id and order)
 * under a fresh link token, in one conditional update of the agreement that requires the old
 * token to still be the place's, so of two concurrent hand-overs one wins. The first signer's
 * place is the agreement's own fields (token, link, the form's signer), as the spec reads
 * them; another signer's is their recipient. The event (who, from whom, to whom, the note)
 * goes into the hash-chained log in the same update. Then the old link is marked (its calls
 * say "This link was handed over to …"), the new signer gets the family's usual invitation
 * with their own link, and the sender a notice — each mail once, keyed by the agreement's
 * `_id` and the hand-over's number, never by a token.
 */
@Injectable()
export class AgreementHandoverService {
  private readonly logger = new Logger(AgreementHandoverService.name);

  constructor(
    private readonly repository: AgreementRepository,
    private readonly links: AgreementLinkRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly mail: MailService,
    private readonly crmEvents: AgreementCrmEvents,
    private readonly documents: DocumentsService,
    private readonly documentLayout: DocumentLayoutService,
  ) {}

  async handOver(
    agreement: AgreementDocument<object>,
    recipientId: string,
    raw: { name?: unknown; email?: unknown; note?: unknown },
    actor: HandoverActor,
  ): Promise<HandoverResponse> {
    const place = placeOf(agreement, recipientId);
    const others = (agreement.recipients ?? [])
      .filter((recipient) => recipient.id !== place.recipientId)
      .map((recipient) => recipient.email);
    const checked = checkHandover(raw, place.email, others);
    if (!checked.ok) throw new BadRequestException(checked.errors.map((error) => error.message));
    assertMayHandOver(agreement, place, actor);
    const { name, email, note } = checked.value;

    const now = new Date();
    const config = familyConfig(agreement.family);
    const token = newLinkToken();
    const signingLink = place.signingLink.split(place.token).join(token);
    // Unknown to anyone until mailed; it opens nothing until the agreement names it.
    await this.links.addSigningLink(
      agreement,
      token,
      place.isFirst ? null : place.recipientId,
      now,
    );

    const handover: StoredHandover = {
      fromName: place.name,
      fromEmail: place.email,
      at: now,
      by: actor.kind === 'signer' ? 'signer' : actor.email,
      note,
    };
    const waiting = place.state === 'waiting';
    const set: Record<string, unknown> = {};
    if (place.stored) {
      const path = `recipients.${place.index}`;
      Object.assign(set, {
        [`${path}.name`]: name,
        [`${path}.email`]: email,
        [`${path}.phone`]: null,
        [`${path}.state`]: waiting ? 'waiting' : 'invited',
        [`${path}.invitedAt`]: waiting ? null : now,
        [`${path}.viewedAt`]: null,
        [`${path}.viewedIp`]: null,
        [`${path}.signatureSavedAt`]: null,
        [`${path}.lastActionIp`]: null,
        [`${path}.lastActionUserAgent`]: null,
        [`${path}.handedOver`]: handover,
      });
      if (!place.isFirst) {
        Object.assign(set, {
          [`${path}.token`]: token,
          [`${path}.signingLink`]: signingLink,
          [`${path}.signature`]: null,
          [`${path}.signatureSource`]: null,
          [`${path}.signatureImageId`]: null,
          [`${path}.initials`]: null,
          [`${path}.consentAt`]: null,
          [`${path}.consentIp`]: null,
        });
      }
    }
    if (place.isFirst) {
      const form = config.withSigner(agreement.toObject().form as object, { name, email });
      Object.assign(set, {
        token,
        signingLink,
        form,
        searchText: config.searchText(form),
        viewedAt: null,
        viewedIp: null,
        signature: null,
        signatureSource: null,
        signatureImageId: null,
        initials: null,
        consentAt: null,
        consentIp: null,
      });
    }
    const allowed = actor.kind === 'signer' ? SIGNER_HANDOVER_FROM : STAFF_HANDOVER_FROM;
    const condition: QueryFilter<Agreement> = {
      deletedAt: null,
      // The place still holds the link being handed over: a second hand-over finds it gone.
      ...(place.isFirst
        ? { token: place.token }
        : { [`recipients.${place.index}.token`]: place.token }),
      ...(place.stored ? { [`recipients.${place.index}.state`]: { $in: [...allowed] } } : {}),
      // Nobody holds the new address now: the check above read a snapshot, and another place
      // may have been given to the same person since (one person, one place).
      ...addressFreeCondition(email),
    } as QueryFilter<Agreement>;
    const event: EventInput = {
      type: actor.kind === 'signer' ? 'handed_over' : 'signer_changed',
      actor: actor.kind === 'signer' ? SIGNER_ACTOR : actor.email,
      ip: actor.ip,
      userAgent: actor.userAgent,
      data: {
        recipientId: place.recipientId,
        fromName: place.name,
        fromEmail: place.email,
        toName: name,
        toEmail: email,
        ...(note ? { note } : {}),
        ...(place.state === 'signature-saved' ? { discardedSignature: true } : {}),
      },
    };
    const initial = initialStatus(agreement.family);
    // The first signer's place: the agreement goes back to its initial status (the new
    // signer has opened nothing yet); another signer's leaves the status as it is.
    const updated = place.isFirst
      ? await this.eventLog.transition<object>(
          agreement,
          { from: firstPlaceStatusesFrom(initial, actor), to: initial },
          { now, set, condition, event },
        )
      : await this.eventLog.record<object>(
          agreement,
          {
            now,
            set,
            condition: { status: { $in: [...activeStatuses(agreement.family)] }, ...condition },
            event,
          },
          { notify: true },
        );
    if (!updated) {
      await this.links.removeSigningLink(token);
      throw await this.refusal(agreement, place.recipientId, email, actor);
    }
    await this.links.markLinkHandedOver(place.token, name, now);
    await this.printNewName(updated, place.recipientId, name);

    const number = (updated.events ?? []).filter(
      (logged) => logged.type === 'handed_over' || logged.type === 'signer_changed',
    ).length;
    if (!waiting) await this.inviteNewSigner(updated, place.recipientId, number, signingLink);
    await this.tellSender(updated, place, { name, email, note }, actor, number, now);
    // The CRM record notes each hand-over once (its number in the write's key).
    await this.crmEvents.record(updated, 'handed-over', {
      occurrence: String(number),
      facts: {
        by: actor.kind === 'signer' ? place.name : `${place.name} (changed by ${actor.email})`,
        to: name,
        words: note || null,
        // Staff who changed a signer wrote the note, not the signer.
        wroteBy: actor.kind === 'signer' ? place.name : actor.email,
      },
    });
    return {
      status: 'handed-over',
      recipientId: place.recipientId,
      handedOverTo: { name, email },
      handedOverAt: now.toISOString(),
      message: HANDOVER_MESSAGES.handedOver(name),
    };
  }

  /**
   * The new signer's name under their signature line, unless someone has signed already. The
   * document is laid out again then: the signing places the agreement keeps are computed again
   * (forgotten if that fails, so the next link check computes them).
   */
  private async printNewName(
    agreement: AgreementDocument<object>,
    recipientId: string,
    name: string,
  ): Promise<void> {
    const renamed = await this.documents
      .renameSigner(agreement.docLink, recipientId, name)
      .catch((error: unknown) => {
        this.logger.warn(
          `Hand-over of agreement ${String(agreement._id)}: the signature block keeps the old name (${
            error instanceof Error ? error.message : String(error)
          })`,
        );
        return false;
      });
    if (!renamed) return;
    try {
      const places = await this.documentLayout.signingPlaces(agreement.docLink);
      await this.repository.storeSigningPlaces(agreement._id, places);
    } catch (error) {
      this.logger.warn(
        `Hand-over of agreement ${String(agreement._id)}: signing places computed again on the next link check (${
          error instanceof Error ? error.message : String(error)
        })`,
      );
      await this.repository.forgetSigningPlaces(agreement._id).catch(() => undefined);
    }
  }

  /**
   * Why the conditional update found nothing: the agreement or the place changed meanwhile, or
   * another place was given to the same address.
   */
  private async refusal(
    agreement: AgreementDocument<object>,
    recipientId: string,
    email: string,
    actor: HandoverActor,
  ): Promise<ConflictException> {
    const current = await this.repository.findById<object>(agreement._id);
    if (!current || current.deletedAt) return new ConflictException(SIGNER_MESSAGES.unknownLink);
    try {
      assertMayHandOver(current, placeOf(current, recipientId), actor);
    } catch (error) {
      if (error instanceof ConflictException) return error;
      throw error;
    }
    // Someone now holds the address (this place too, if another call gave it the same person).
    const holders = (current.recipients ?? []).map((recipient) => recipient.email);
    if (includesEmailAddress(holders, email)) {
      return new ConflictException(HANDOVER_MESSAGES.alreadyRecipient(email));
    }
    return new ConflictException('The agreement changed meanwhile. Please try again.');
  }

  /** The family's usual signing invitation, to the new signer with their own link. */
  private async inviteNewSigner(
    agreement: AgreementDocument<object>,
    recipientId: string,
    number: number,
    link: string,
  ): Promise<void> {
    const config = familyConfig(agreement.family);
    const place = placeOf(agreement, recipientId);
    const parties = config.parties(agreement.form);
    try {
      await this.mail.send({
        key: agreementMailKey(agreement, 'handover-link', recipientId, number),
        agreementId: String(agreement._id),
        template: config.linkMail({
          form: place.isFirst
            ? agreement.form
            : config.withSigner(agreement.form, { name: place.name, email: place.email }),
          link,
          senderEmail: parties.senderEmail,
          isReminder: false,
          subject: agreement.send?.params?.subject ?? null,
        }),
        to: [place.email],
        replyTo: parties.senderEmail,
      });
    } catch (error) {
      this.logger.warn(
        `hand-over link mail of agreement ${String(agreement._id)} not queued: ${(error as Error).message}`,
      );
    }
  }

  /** The sender hears who handed over to whom (no link in it), unless they did it themselves. */
  private async tellSender(
    agreement: AgreementDocument<object>,
    place: Place,
    to: { name: string; email: string; note: string | null },
    actor: HandoverActor,
    number: number,
    at: Date,
  ): Promise<void> {
    const sender = agreement.sentBy;
    if (!sender || (actor.kind === 'staff' && actor.email === sender)) return;
    try {
      await this.mail.send({
        key: agreementMailKey(agreement, 'handed-over', place.recipientId, number),
        agreementId: String(agreement._id),
        template: {
          kind: 'handed-over',
          data: {
            agreementTitle: familyConfig(agreement.family).title(agreement.form),
            fromName: place.name || place.email,
            toName: to.name,
            toEmail: to.email,
            by: actor.kind === 'signer' ? null : actor.email,
            note: to.note,
            at: formatPacificDateTime(at),
          },
        },
        to: [sender],
      });
    } catch (error) {
      this.logger.warn(
        `hand-over notice of agreement ${String(agreement._id)} not queued: ${(error as Error).message}`,
      );
    }
  }
}
