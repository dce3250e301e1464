import { BadRequestException, ConflictException, Injectable, Logger } from '@nestjs/common';
import {
  checkDeclineReason,
  formatPacificDateTime,
  RECIPIENT_TRANSITIONS,
  SIGNER_MESSAGES,
  signerLinkStateOf,
  SINGLE_SIGNER_RECIPIENT_ID,
  transitionRule,
  type AgreementFamily,
  type DeclineResponse,
} from '@prosign/domain';
import {
  AgreementCrmEvents,
  type AgreementDocument,
  AgreementEventRepository,
  agreementMailKey,
  AgreementRepository,
  familyConfig,
  recipientChange,
  type StoredRecipient,
} from '../agreements';
import { MailService } from '../mail';
import { OTHER_SIGNER_MESSAGES } from './other-signer.service';
import { agreementTitleOf, closedLinkError, signerEvent, type SignerActor } from './signer-events';
import { SigningService } from './signing.service';

type Seat = { agreement: AgreementDocument<object>; recipientId: string | null };

/**
 * A signer declines with a reason, on any family's link and as any of several
 * signers: one conditional transition (`decline`, from wherever the link is open) moves the
 * agreement to `declined` with the declining recipient's state and the event (reason,
 * recipient, IP, user agent) in the hash-chained log, so every other link closes with it and
 * open dashboards hear of it. Then, once each: a mail with the reason to the sender and to
 * the firm's countersigner (keyed by the agreement's `_id`, no link in it), and the CRM is
 * told through the queued CRM writes (a note on the deal; the stage move is a hook).
 */
@Injectable()
export class SigningDeclineService {
  private readonly logger = new Logger(SigningDeclineService.name);

  constructor(
    private readonly repository: AgreementRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly signing: SigningService,
    private readonly mail: MailService,
    private readonly crmEvents: AgreementCrmEvents,
  ) {}

  /** Declines the agreement a link opens (`family`: the link family's routes only know theirs). */
  async decline(
    token: string,
    rawReason: unknown,
    actor: SignerActor,
    family?: AgreementFamily,
  ): Promise<DeclineResponse> {
    const checked = checkDeclineReason(rawReason);
    if (!checked.ok) throw new BadRequestException(checked.message);
    const seat = await this.signing.seatOf(token, family);
    const { agreement } = seat;
    const recipientId = seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
    this.assertMayDecline(seat);

    const now = new Date();
    const index = agreement.recipients?.findIndex((r) => r.id === recipientId) ?? -1;
    const declined = await this.eventLog.transition<object>(
      agreement,
      transitionRule(agreement.family, 'decline'),
      {
        now,
        // Several signers: this signer must still be one who may decline (not signed meanwhile).
        ...(index >= 0
          ? {
              condition: {
                [`recipients.${index}.state`]: { $in: [...RECIPIENT_TRANSITIONS.decline.from] },
              },
            }
          : {}),
        set: {
          declinedAt: now,
          declinedBy: recipientId,
          declineReason: checked.reason,
          ...recipientChange(agreement, recipientId, 'decline', {
            at: now,
            ip: actor.ip,
            userAgent: actor.userAgent ?? null,
          }),
        },
        event: signerEvent('declined', actor, { reason: checked.reason, recipientId }),
      },
    );
    if (!declined) throw await this.refusal(seat);

    await this.tellSenderAndCountersigner(declined, recipientId);
    await this.tellCrm(declined);
    return {
      status: 'declined',
      linkState: 'declined',
      declinedAt: now.toISOString(),
      message: SIGNER_MESSAGES.declinedDone,
    };
  }

  /** Refuses a closed link, a signer who already signed, and a later signer before their turn. */
  private assertMayDecline(seat: Seat): void {
    const state = signerLinkStateOf(seat.agreement.status);
    if (state !== 'open') throw closedLinkError(state);
    const recipient = declinerOf(seat.agreement, seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID);
    if (!recipient) return; // One signer from before recipients: the status says it all.
    if (recipient.state === 'signed') {
      throw new ConflictException(OTHER_SIGNER_MESSAGES.alreadySigned);
    }
    if (recipient.state === 'waiting') {
      throw new ConflictException(OTHER_SIGNER_MESSAGES.notYourTurn);
    }
  }

  /** Why the transition found nothing: the link closed, or this signer signed, meanwhile. */
  private async refusal(seat: Seat): Promise<ConflictException> {
    const current = await this.repository.findById<object>(seat.agreement._id);
    if (!current) return new ConflictException(SIGNER_MESSAGES.unknownLink);
    try {
      this.assertMayDecline({ ...seat, agreement: current });
    } catch (error) {
      if (error instanceof ConflictException) return error;
      throw error;
    }
    return new ConflictException('The agreement changed meanwhile. Please try again.');
  }

  /**
   * One mail each to the sender and the firm's countersigner (if any), keyed by the
   * agreement's `_id`: a retried call sends none again. The decline stands if mail fails
   * (the mail service records and retries what it accepted).
   */
  private async tellSenderAndCountersigner(
    agreement: AgreementDocument<object>,
    recipientId: string,
  ): Promise<void> {
    const config = familyConfig(agreement.family);
    const parties = config.parties(agreement.form);
    const decliner = declinerOf(agreement, recipientId);
    const declinedBy =
      decliner?.name || decliner?.email || parties.signerName || parties.signerEmail;
    const data = {
      agreementTitle: agreementTitleOf(agreement),
      declinedBy,
      reason: agreement.declineReason ?? '',
      declinedAt: formatPacificDateTime(agreement.declinedAt ?? new Date()),
    };
    const firm = agreement.recipients?.find((r) => r.role === 'countersigner');
    const mails = [
      { who: 'sender', name: '', email: agreement.sentBy },
      ...(firm ? [{ who: 'countersigner', name: firm.name, email: firm.email }] : []),
    ];
    for (const mail of mails) {
      if (!mail.email) continue;
      try {
        await this.mail.send({
          key: agreementMailKey(agreement, 'declined', mail.who),
          agreementId: String(agreement._id),
          template: { kind: 'declined', data: { ...data, recipientName: mail.name } },
          to: [mail.email],
        });
      } catch (error) {
        this.logger.warn(
          `declined mail (${mail.who}) of agreement ${String(agreement._id)} not queued: ${(error as Error).message}`,
        );
      }
    }
  }

  /**
   * The CRM hears of it through the queued CRM writes (the signer never waits on the CRM):
   * a note with who declined and why on the deal (standard contracts and change orders) or
   * the project (SOW).
   */
  private async tellCrm(agreement: AgreementDocument<object>): Promise<void> {
    const decliner = declinerOf(agreement, agreement.declinedBy ?? SINGLE_SIGNER_RECIPIENT_ID);
    const who = decliner?.name || familyConfig(agreement.family).parties(agreement.form).signerName;
    await this.crmEvents.record(agreement, 'declined', {
      facts: { by: who || null, words: agreement.declineReason ?? null },
      signerEmail: decliner?.email ?? null,
    });
  }
}

/** The declining recipient as stored (the first signer is `signer-1`); null before recipients. */
function declinerOf(
  agreement: Pick<AgreementDocument<object>, 'recipients'>,
  recipientId: string,
): StoredRecipient | null {
  return agreement.recipients?.find((r) => r.id === recipientId) ?? null;
}
