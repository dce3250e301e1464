import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  isWaitingSeal,
  SEAL_LEVELS,
  SEAL_OVERRIDE_REASON_MAX,
  type SealLevel,
  type SealLevelOverrideResponse,
} from '@prosign/domain';
import { AgreementEventRepository, AgreementRepository } from '../agreements';
import { DerivedDocumentsService } from '../documents';
import { AppConfig } from '../../platform/config/app-config';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { SigningFinishService } from './signing-finish.service';

const SEAL_OVERRIDE_MESSAGES = {
  notWaiting:
    'Only a seal waiting for the time-stamp service or for revocation data can be lowered.',
  already: 'This seal was already lowered by an administrator.',
  notLower: (configured: SealLevel) => `Choose a level below ${configured}.`,
  reason: `Say why, in at most ${SEAL_OVERRIDE_REASON_MAX} characters.`,
  sealed: 'Sealed at the lower level.',
  stillWaiting: 'Lowered; the seal still waits and completes on the next retry.',
} as const;

/** What the admin's call answers. */
export type SealLevelLowered = SealLevelOverrideResponse;

/**
 * Nothing is sealed below SEAL_LEVEL in silence. When a finish waits at the seal
 * for the time-stamp service (or revocation data), an administrator may choose a lower level for
 * that one agreement, with a reason: the choice goes into the agreement's hash-chained event log
 * and into its audit trail (so the sealed PDF says who lowered it, when and why), and the finish
 * is tried again at once.
 */
@Injectable()
export class SealLevelOverrides {
  constructor(
    private readonly repository: AgreementRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly derivedDocuments: DerivedDocumentsService,
    private readonly finishes: SigningFinishService,
    private readonly config: AppConfig,
  ) {}

  async lower(
    agreementId: string,
    input: { level: unknown; reason?: unknown },
    actor: Pick<StaffPrincipal, 'email'> & { ip?: string },
  ): Promise<SealLevelLowered> {
    const configured = this.config.SEAL_LEVEL;
    const level = input.level as SealLevel;
    if (
      !SEAL_LEVELS.includes(level) ||
      SEAL_LEVELS.indexOf(level) >= SEAL_LEVELS.indexOf(configured)
    ) {
      throw new BadRequestException(SEAL_OVERRIDE_MESSAGES.notLower(configured));
    }
    const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (!reason || reason.length > SEAL_OVERRIDE_REASON_MAX) {
      throw new BadRequestException(SEAL_OVERRIDE_MESSAGES.reason);
    }
    const agreement = await this.repository.findById<object>(agreementId);
    if (!agreement || agreement.deletedAt) throw new NotFoundException('Contract not found.');
    if (agreement.sealLevelOverride) throw new ConflictException(SEAL_OVERRIDE_MESSAGES.already);
    const finish = agreement.finish;
    const waiting =
      finish?.state === 'in_progress' &&
      isWaitingSeal({
        operation: 'finish',
        failedStep: finish.failedStep,
        lastError: finish.lastError,
      });
    if (!waiting || !agreement.auditTrailDocLink) {
      throw new ConflictException(SEAL_OVERRIDE_MESSAGES.notWaiting);
    }

    const at = new Date();
    const lowered = await this.eventLog.record<object>(agreement, {
      now: at,
      condition: { sealLevelOverride: { $exists: false }, 'finish.state': 'in_progress' },
      set: { sealLevelOverride: { level, configured, by: actor.email, at, reason } },
      event: {
        type: 'seal_level_lowered',
        actor: actor.email,
        ip: actor.ip ?? null,
        data: { level, configured, reason },
      },
    });
    if (!lowered) throw new ConflictException(SEAL_OVERRIDE_MESSAGES.already);
    // The audit trail the seal covers says it too (it is built from its record at the seal).
    await this.derivedDocuments.appendAuditEvent(agreement.auditTrailDocLink, {
      type: 'seal_level_lowered',
      at,
      actor: actor.email,
      ...(actor.ip ? { ip: actor.ip } : {}),
      reason: `sealed at PAdES ${level}, not ${configured}: ${reason}`,
    });
    const sealed = await this.finishes
      .complete(lowered)
      .then(() => true)
      .catch(() => false);
    return {
      message: sealed ? SEAL_OVERRIDE_MESSAGES.sealed : SEAL_OVERRIDE_MESSAGES.stillWaiting,
      // Below the configured level, so never B-LTA (checked above).
      level: level as SealLevelOverrideResponse['level'],
      sealed,
    };
  }
}
