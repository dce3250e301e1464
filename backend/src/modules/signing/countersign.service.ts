import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  familyIds,
  COUNTERSIGN_MESSAGES,
  joinNames,
  nameFromStaffEmail,
  showsCountersignEntry,
  type AgreementFamily,
  type CountersignDefaultsResponse,
  type CountersignerInput,
  type CountersignQueue,
  type CountersignView,
  type FinishSigningResponse,
  type SignerSaveResponse,
} from '@prosign/domain';
import {
  type AgreementDocument,
  AgreementEventRepository,
  AgreementRepository,
  familyConfig,
  recipientChange,
  type StoredRecipient,
} from '../agreements';
import { StaffDirectory } from '../../platform/auth/staff-directory';
import type { CountersignDuty } from '../auth';
import { COUNTERSIGNER_MESSAGES } from '../agreements';
import { CountersignDefaultsRepository } from './countersign-defaults.repository';
import { openStatuses, OtherSignerSigning, type OtherSignerSeat } from './other-signer.service';
import { signerEvent, type SignerActor } from './signer-events';
import { SigningFinishService } from './signing-finish.service';

/** The countersigner's states in which the agreement waits for them. */
const AWAITING_STATES: readonly StoredRecipient['state'][] = [
  'invited',
  'viewed',
  'signature-saved',
];

/** How many agreements "Waiting for my signature" lists at most (a queue, not an archive). */
const QUEUE_LIMIT = 200;

/**
 * The firm's countersignature in the staff app. The countersigner is
 * a recipient like a client signer — the same state table, the same writes
 * (`OtherSignerSigning`), the same finish (their part, or the seal when theirs is
 * the last signature) — authorised by the staff session: only the staff user the
 * send named may act, and only once every client signed (their invitation).
 */
@Injectable()
export class CountersignService implements CountersignDuty {
  constructor(
    private readonly repository: AgreementRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly others: OtherSignerSigning,
    private readonly finishing: SigningFinishService,
    private readonly defaultsStore: CountersignDefaultsRepository,
    private readonly staff: StaffDirectory,
  ) {}

  /** The countersigner each family's creation screen proposes. */
  async defaults(): Promise<CountersignDefaultsResponse> {
    return { defaults: await this.defaultsStore.all() };
  }

  /** An admin sets one family's proposal; the countersigner must be a listed staff user. */
  async setDefault(
    family: AgreementFamily,
    input: CountersignerInput | null,
    adminEmail: string,
  ): Promise<CountersignDefaultsResponse> {
    let countersigner: CountersignerInput | null = null;
    if (input) {
      const email = input.email.trim().toLowerCase();
      if (!(await this.staff.findByEmail(email))) {
        throw new BadRequestException([COUNTERSIGNER_MESSAGES.notStaff(input.email.trim())]);
      }
      countersigner = {
        email,
        name: input.name?.trim() || nameFromStaffEmail(email),
        title: input.title?.trim() || null,
      };
    }
    await this.defaultsStore.set(family, countersigner, adminEmail);
    return this.defaults();
  }

  /**
   * Whether "Waiting for my signature" is in this staff member's navigation: a family's
   * default countersigner, or named on an open agreement (their queue, or their turn to come).
   */
  async showsCountersignEntry(staffEmail: string): Promise<boolean> {
    const [defaults, namedOnOpenAgreement] = await Promise.all([
      this.defaultsStore.all(),
      this.repository.namesCountersigner(staffEmail, anyFamilyOpenStatuses()),
    ]);
    return showsCountersignEntry(staffEmail, { defaults, namedOnOpenAgreement });
  }

  /** The agreements waiting for this staff member's countersignature, longest waiting first. */
  async queue(staffEmail: string): Promise<CountersignQueue> {
    const rows = await this.repository.ofCountersigner<object>(
      staffEmail,
      anyFamilyOpenStatuses(),
      QUEUE_LIMIT,
    );
    const items = rows.flatMap((agreement) => {
      const firm = countersignerOf(agreement, staffEmail);
      if (!firm || !AWAITING_STATES.includes(firm.state)) return [];
      const signers = (agreement.recipients ?? []).filter((r) => r.role === 'signer');
      return [
        {
          agreementId: String(agreement._id),
          family: agreement.family,
          agreementTitle: familyConfig(agreement.family).title(agreement.form),
          signers: joinNames(signers.map((signer) => signer.name || signer.email)),
          invitedAt: firm.invitedAt ? new Date(firm.invitedAt).toISOString() : null,
          signatureSaved: firm.state === 'signature-saved',
        },
      ];
    });
    items.sort((a, b) => String(a.invitedAt).localeCompare(String(b.invitedAt)));
    return { items };
  }

  /** The signing view of one agreement as its countersigner sees it (reads only). */
  async view(agreementId: string, staffEmail: string): Promise<CountersignView> {
    return this.viewOf(await this.seatOf(agreementId, staffEmail));
  }

  /** The countersigner opened it: the first open moves them to viewed, with its event. */
  async open(agreementId: string, staffEmail: string, actor: SignerActor) {
    const seat = await this.seatOf(agreementId, staffEmail);
    const { recipient } = this.others.recipientOf(seat);
    if (recipient.state !== 'invited') return this.viewOf(seat);
    const now = new Date();
    const viewed = await this.eventLog.record<object>(
      seat.agreement,
      {
        now,
        condition: { [`recipients.${this.others.recipientOf(seat).index}.state`]: 'invited' },
        set: recipientChange(seat.agreement, recipient.id, 'view', {
          at: now,
          ip: actor.ip,
          userAgent: actor.userAgent ?? null,
        }),
        event: signerEvent('viewed', actor, { channel: 'staff', recipientId: recipient.id }),
      },
      { notify: true },
    );
    return this.viewOf({ ...seat, agreement: viewed ?? seat.agreement });
  }

  /** The countersigner's typed signature (initials from their name), or a change of it. */
  async saveSignature(
    agreementId: string,
    staffEmail: string,
    textSignature: string,
    actor: SignerActor,
  ): Promise<SignerSaveResponse> {
    const seat = await this.seatOf(agreementId, staffEmail);
    return this.others.saveSignature(
      seat,
      { signature: textSignature, signatureSource: 'text', signatureImageId: null },
      actor,
    );
  }

  async clearSignature(
    agreementId: string,
    staffEmail: string,
    actor: SignerActor,
  ): Promise<SignerSaveResponse> {
    return this.others.clearSignature(await this.seatOf(agreementId, staffEmail), actor);
  }

  /**
   * Consent and finish, as a client's Agree and Finish: their signature stamped into the
   * firm's block; when theirs is the last signature, the agreement is sealed and sent.
   */
  async finish(
    agreementId: string,
    staffEmail: string,
    input: { agreedToTerms: boolean; initials?: string },
    actor: SignerActor,
  ): Promise<FinishSigningResponse> {
    let seat = await this.seatOf(agreementId, staffEmail);
    if (!seat.agreement.finish && this.others.recipientOf(seat).recipient.state !== 'signed') {
      await this.others.saveInitials(seat, input, actor);
      seat = await this.seatOf(agreementId, staffEmail);
    }
    return this.finishing.finishSeat(seat, actor, 'queued');
  }

  /** The agreement and the countersigner's place in it; 404 unless this staff member is it. */
  private async seatOf(agreementId: string, staffEmail: string): Promise<OtherSignerSeat> {
    const agreement = await this.repository.findById<object>(agreementId);
    const firm = agreement && countersignerOf(agreement, staffEmail);
    if (!agreement || !firm || agreement.status === null || agreement.deletedAt) {
      throw new NotFoundException(COUNTERSIGN_MESSAGES.notYours);
    }
    return { agreement, recipientId: firm.id };
  }

  private async viewOf(seat: OtherSignerSeat): Promise<CountersignView> {
    const state = await this.others.stateOf(seat);
    const { recipient } = this.others.recipientOf(seat);
    const turn =
      recipient.state === 'waiting' ? 'waiting' : recipient.state === 'signed' ? 'signed' : 'now';
    return {
      ...state,
      agreementId: String(seat.agreement._id),
      family: seat.agreement.family,
      turn,
    };
  }
}

/** This staff member's countersigner recipient of the agreement, if they are it. */
function countersignerOf(
  agreement: Pick<AgreementDocument<object>, 'recipients'>,
  staffEmail: string,
): StoredRecipient | null {
  const email = staffEmail.trim().toLowerCase();
  return (
    agreement.recipients?.find(
      (recipient) => recipient.role === 'countersigner' && recipient.staffUserId === email,
    ) ?? null
  );
}

/** Statuses in which any family's agreement may still be signed. */
function anyFamilyOpenStatuses(): string[] {
  const statuses = familyIds().flatMap((family) => openStatuses({ family }));
  return [...new Set(statuses.map(String))];
}
