import { Injectable } from '@nestjs/common';
import { contractSigningLink, extractDocId, STANDARD_TEMPLATE_DOC_IDS } from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import { localCrmDemoData } from '../integrations/crm';
import { AgreementRepository, AgreementSendService, type Agreement } from '../modules/agreements';
import { standardFormOf } from '../modules/families/contracts';
import {
  DocumentsService,
  localDocLink,
  signatureSignersOf,
  type ContractFormDataDto,
} from '../modules/documents';
import { SignerSignatureService, SigningFinishService, SigningService } from '../modules/signing';
import { AppConfig } from '../platform/config/app-config';
import type { Seeder } from '../platform/database/seeder';
import { DEMO_BROWSER, DEMO_SIGNER_IP } from './demo-agreements';

/** The two homeowners of the demo (the first is on the form, the second signs after her). */
const HOMEOWNERS = [
  { name: 'Elena Park', email: 'elena.park@example.com', phone: '+14155550141' },
  { name: 'Daniel Park', email: 'daniel.park@example.com', phone: '+14155550142' },
] as const;

/**
 * A standard contract two homeowners sign one after the other, half signed: sent
 * and signed by the first through the product's own send, signer calls and finish,
 * so the second homeowner's link (in the mail catcher) opens it where it stands.
 * Found by the first homeowner's address: re-running adds nothing.
 */
@Injectable()
export class SeveralSignersDemoSeeder implements Seeder {
  readonly name = 'demo contract with two signers';

  constructor(
    private readonly repository: AgreementRepository,
    private readonly documents: DocumentsService,
    private readonly sending: AgreementSendService,
    private readonly signing: SigningService,
    private readonly signatures: SignerSignatureService,
    private readonly finishing: SigningFinishService,
    private readonly config: AppConfig,
  ) {}

  async seed(): Promise<string> {
    if (this.config.CRM_ADAPTER !== 'local' || this.config.DOCUMENTS_ADAPTER !== 'local') {
      return 'skipped (needs the local CRM and documents)';
    }
    const [first, second] = HOMEOWNERS;
    const seeded = { family: 'standard', 'form.email': first.email, 'recipients.1.role': 'signer' };
    if ((await this.repository.idsWhere(seeded as QueryFilter<Agreement>, 1)).length) {
      return 'already seeded';
    }
    const deal = localCrmDemoData(this.config).deals[0].properties;
    const amount = Number(deal.amount ?? 8000);
    const record = {
      full_name: first.name,
      email: first.email,
      contact_number: first.phone,
      site_address: String(deal[this.config.CRM_DEAL_ADDRESS_PROPERTY] ?? ''),
      city: String(deal.city ?? ''),
      state: 'CA',
      zipcode: String(deal.zip ?? ''),
      cost: amount,
      deposit: amount / 2,
      progress: 0,
      balance: amount / 2,
      csm_email: 'csm@prosign.example',
      pm_email: 'pm@prosign.example',
      t24ReportCount: 0,
    };
    const signers = { additional_signers: [{ ...second }] };
    const { docLink } = await this.documents.createContract(
      localDocLink(this.config, STANDARD_TEMPLATE_DOC_IDS.default, 'edit'),
      {
        ...record,
        company_name: '',
        serviceType: 'Structural Engineering',
        first_name: 'Elena',
        last_name: 'Park',
      } as unknown as ContractFormDataDto,
      signatureSignersOf(first, signers),
    );
    const actor = { email: record.csm_email, ip: '203.0.113.10' };
    const agreement = await this.sending.prepare(
      {
        family: 'standard',
        sendKey: extractDocId(docLink) ?? docLink,
        form: standardFormOf({
          ...record,
          docLink,
          form_type: 'Structural Engineering',
          contractTitle: 'Professional Services Agreement',
        }),
        docLink,
        signingLinkOf: (token) =>
          contractSigningLink(this.config.PUBLIC_SIGNING_URL, token, docLink),
        signers: { additional: [{ ...second }], order: 'sequential' },
      },
      actor,
    );
    await this.sending.run(agreement, actor);
    // The first homeowner reads, signs and finishes: the second is mailed his link.
    const signer = { ip: DEMO_SIGNER_IP, userAgent: DEMO_BROWSER };
    await this.signing.verifyToken(agreement.token, 'contract', signer);
    await this.signatures.saveTypedSignature(
      agreement.token,
      { textSignature: first.name },
      signer,
    );
    await this.signatures.saveInitials(agreement.token, { agreedToTerms: true }, signer);
    await this.finishing.finish(agreement.token, signer);
    return 'added 1 (first of two signed)';
  }
}
