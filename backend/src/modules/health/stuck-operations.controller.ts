import { Controller, Get } from '@nestjs/common';
import type { StuckOperation } from '@prosign/domain';
import { AdminOnly } from '../../platform/auth/auth.decorators';
import { AgreementRepository, isGivenUp } from '../agreements';

interface StoredProgress {
  state: string;
  failedStep: string | null;
  lastError: string | null;
  attempts?: number;
  failedAt?: Date | null;
  startedAt?: Date | null;
}

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * Sends and finishes that failed at a step and are not complete: what the
 * worker keeps retrying (with backoff) and what it gave up on, with each error.
 */
@AdminOnly()
@Controller('admin/stuck-operations')
export class StuckOperationsController {
  constructor(private readonly agreements: AgreementRepository) {}

  @Get()
  async list(): Promise<{ operations: StuckOperation[] }> {
    const docs = await this.agreements.stoppedOperations(500);
    const operations: StuckOperation[] = [];
    for (const doc of docs) {
      for (const operation of ['send', 'finish'] as const) {
        const progress = doc[operation] as StoredProgress | null | undefined;
        if (progress?.state !== 'in_progress' || !progress.failedStep) continue;
        operations.push({
          agreementId: String(doc._id),
          family: String(doc.family),
          operation,
          failedStep: progress.failedStep,
          lastError: progress.lastError,
          attempts: progress.attempts ?? 0,
          failedAt: iso(progress.failedAt),
          startedAt: iso(progress.startedAt),
          givenUp: isGivenUp(progress),
        });
      }
    }
    return { operations };
  }
}
