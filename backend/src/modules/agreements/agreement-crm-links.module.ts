import { Global, Injectable, Module } from '@nestjs/common';
import { activeStatuses } from '@prosign/domain';
import { CRM_SIGNING_LINKS, type CrmSigningLinks } from '../crm';
import { AgreementRepository } from './agreement.repository';
import { AgreementsModule } from './agreements.module';

/** The CRM writes' CrmSigningLinks on the agreement repository. */
@Injectable()
class AgreementCrmLinks implements CrmSigningLinks {
  constructor(private readonly repository: AgreementRepository) {}

  async liveSigningLinkOf(agreementId: string): Promise<string | null> {
    const agreement = await this.repository.signingLinkStateOf(agreementId);
    if (!agreement || agreement.deleted || !agreement.status) return null;
    const open = (activeStatuses(agreement.family) as readonly string[]).includes(agreement.status);
    return open ? agreement.signingLink || null : null;
  }
}

/**
 * Provides the CRM module's CrmSigningLinks port from the agreements module, which sits above
 * it (it requests the CRM writes). Global and imported by the worker, where the writes run.
 */
@Global()
@Module({
  imports: [AgreementsModule],
  providers: [AgreementCrmLinks, { provide: CRM_SIGNING_LINKS, useExisting: AgreementCrmLinks }],
  exports: [CRM_SIGNING_LINKS],
})
export class AgreementCrmLinksModule {}
