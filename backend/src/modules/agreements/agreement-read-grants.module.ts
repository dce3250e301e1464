import { Global, Injectable, Module } from '@nestjs/common';
import { isValidObjectId } from 'mongoose';
import { READ_GRANT_STANDING, type ReadGrantStanding } from '../documents';
import { AgreementRepository } from './agreement.repository';
import { AgreementsModule } from './agreements.module';

/** The statuses that end the cc recipient's read grant; deletion ends it too. */
const GRANT_ENDING_STATUSES: readonly string[] = ['void', 'cancelled'];

/** The documents module's ReadGrantStanding on the agreement repository. */
@Injectable()
class AgreementReadGrants implements ReadGrantStanding {
  constructor(private readonly repository: AgreementRepository) {}

  async grantsStand(agreementId: string): Promise<boolean> {
    if (!isValidObjectId(agreementId)) return false;
    const agreement = await this.repository.findById(agreementId);
    if (!agreement) return false;
    // By when it happened too: a cancelled agreement resent moves on to `resent`, yet stays ended.
    if (agreement.deletedAt || agreement.cancelledAt || agreement.voidedAt) return false;
    return !GRANT_ENDING_STATUSES.includes(agreement.status ?? '');
  }
}

/**
 * Provides the documents module's ReadGrantStanding from the agreements module, which sits
 * above it (its sends issue the grants). Global and imported by the api, where documents are read.
 */
@Global()
@Module({
  imports: [AgreementsModule],
  providers: [
    AgreementReadGrants,
    { provide: READ_GRANT_STANDING, useExisting: AgreementReadGrants },
  ],
  exports: [READ_GRANT_STANDING],
})
export class AgreementReadGrantsModule {}
