import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  TERMS_MESSAGES,
  termsContentProblem,
  type LatestTerms,
  type TermsSaved,
} from '@prosign/domain';
import type { StaffPrincipal } from '../../platform/auth/staff-principal';
import { ServiceRepository, TermsRepository } from '../services';

/** The default terms and conditions (spec 1 §2.6, §5, §8): versions kept, newest is current. */
@Injectable()
export class TermsService {
  private readonly logger = new Logger(TermsService.name);

  constructor(
    private readonly terms: TermsRepository,
    private readonly services: ServiceRepository,
  ) {}

  async latest(): Promise<LatestTerms> {
    const latest = await this.terms.latest();
    if (!latest)
      throw new NotFoundException('No default Terms and Conditions have been saved yet.');
    return {
      data: {
        content: latest.content,
        createdAt: latest.createdAt.toISOString(),
        createdBy: latest.createdBy,
      },
    };
  }

  /**
   * Saves a new version and gives it to every service with defaultTnC, one
   * update each (spec 1 §7), in this request: the answer says how many
   * services took it and how many did not.
   */
  async save(content: string, actor: StaffPrincipal): Promise<TermsSaved> {
    const problem = termsContentProblem(content);
    if (problem) throw new BadRequestException(problem);
    const version = await this.terms.append(content, actor.email);

    let updated = 0;
    let failed = 0;
    for (const service of await this.services.withDefaultTerms()) {
      try {
        // A service whose defaultTnC was cleared meanwhile keeps its own terms: not a failure.
        if (await this.services.applyDefaultTerms(service._id, content, actor.email)) {
          updated += 1;
          await this.services.recordChange(service, 'default-terms-applied', actor.email, [
            'termsAndConditions',
          ]);
        }
      } catch (error) {
        failed += 1;
        this.logger.warn(
          `Default terms not applied to ${service.serviceName}: ${(error as Error).message}`,
        );
      }
    }
    await this.terms.recordOutcome(version._id, updated, failed);
    return {
      message: failed === 0 ? TERMS_MESSAGES.saved : TERMS_MESSAGES.partialFailure,
      updated,
      failed,
      data: {
        content: version.content,
        createdAt: version.createdAt.toISOString(),
        createdBy: version.createdBy,
      },
    };
  }
}
