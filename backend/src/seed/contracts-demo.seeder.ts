import { Injectable } from '@nestjs/common';
import { contractSigningLink, extractDocId, STANDARD_TEMPLATE_DOC_IDS } from '@prosign/domain';
import { localCrmDemoData } from '../integrations/crm';
import {
  AgreementEventRepository,
  AgreementLinkRepository,
  AgreementRecordCreationRepository,
  AgreementRepository,
} from '../modules/agreements';
import { familyConfig } from '../modules/agreements';
import { standardFormOf } from '../modules/families/contracts';
import { localDocLink } from '../modules/documents';
import { DerivedDocumentsService, DocumentsService } from '../modules/documents';
import type { ContractFormDataDto } from '../modules/documents';
import { SigningFinishService } from '../modules/signing';
import { AppConfig } from '../platform/config/app-config';
import type { Seeder } from '../platform/database/seeder';
import { demoSentAt, isDemoSeeded, seedDemoAgreement, type DemoTimeline } from './demo-agreements';

/** One demo contract per line: the dashboard shows every status and action. */
const DEMO: DemoTimeline[] = [
  { status: 'not signed', daysAgo: 0.2 },
  { status: 'not signed', daysAgo: 2, extra: 'reminded' },
  { status: 'viewed', daysAgo: 1, viewed: 2 },
  { status: 'viewed', daysAgo: 6, viewed: 1 },
  { status: 'signature_saved', daysAgo: 3, viewed: 3 },
  { status: 'signed', daysAgo: 9, viewed: 2 },
  { status: 'signed', daysAgo: 12, viewed: 4 },
  { status: 'signed_manually', daysAgo: 14, viewed: 1 },
  { status: 'cancelled', daysAgo: 8 },
  { status: 'expired', daysAgo: 35, viewed: 1 },
  { status: 'resent', daysAgo: 40 },
  { status: 'void', daysAgo: 20, viewed: 2 },
];

/**
 * Demo contracts over the demo deals, each with its own agreement document
 * (made from the seeded template, so preview and download work), in every
 * status. Keyed by fixed seed keys (their signing tokens are random): re-running adds nothing.
 */
@Injectable()
export class ContractsDemoSeeder implements Seeder {
  readonly name = 'demo contracts';

  constructor(
    private readonly repository: AgreementRepository,
    private readonly links: AgreementLinkRepository,
    private readonly recordCreation: AgreementRecordCreationRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly documents: DocumentsService,
    private readonly derivedDocuments: DerivedDocumentsService,
    private readonly finishing: SigningFinishService,
    private readonly config: AppConfig,
  ) {}

  async seed(): Promise<string> {
    if (this.config.CRM_ADAPTER !== 'local' || this.config.DOCUMENTS_ADAPTER !== 'local') {
      return 'skipped (needs the local CRM and documents)';
    }
    const crm = localCrmDemoData(this.config);
    const clients = crm.contacts.filter((c) => c.properties.type === 'Client');
    let added = 0;
    for (const [i, demo] of DEMO.entries()) {
      const seedKey = `demo-contract-${String(i + 1).padStart(2, '0')}`;
      if (await isDemoSeeded({ repository: this.repository, links: this.links }, seedKey)) continue;
      const deal = crm.deals[i % crm.deals.length];
      const client = clients[i % clients.length].properties;
      const p = deal.properties;
      const fullName = [client.firstname, client.lastname].filter(Boolean).join(' ');
      const amount = Number(p.amount ?? 5000);
      // Signed demos bill a progress payment too, so /invoices has every type to send.
      const progress = demo.status === 'signed' ? Math.round(amount * 0.4) : 0;
      const deposit = demo.status === 'signed' ? Math.round(amount * 0.3) : amount / 2;
      const form = {
        cost: amount,
        deposit,
        progress,
        balance: amount - deposit - progress,
        full_name: fullName,
        email: String(client.email),
        contact_number: String(client.phone ?? ''),
        company_name: '',
        additional_email: '',
        site_address: String(p[this.config.CRM_DEAL_ADDRESS_PROPERTY] ?? ''),
        city: String(p.city ?? ''),
        state: 'CA',
        zipcode: String(p.zip ?? ''),
        csm_email: 'csm@prosign.example',
        pm_email: 'pm@prosign.example',
        hs_deal_id: deal.id,
        hs_pipeline: String(p.pipeline ?? ''),
        project_type: String(p.project_type ?? ''),
        t24ReportCount: 0,
        serviceType: String(p.service_type ?? 'Structural Engineering'),
        first_name: String(client.firstname ?? ''),
        last_name: String(client.lastname ?? ''),
      } as unknown as ContractFormDataDto;
      const { docLink } = await this.documents.createContract(
        localDocLink(this.config, STANDARD_TEMPLATE_DOC_IDS.default, 'edit'),
        form,
      );
      const standardForm = standardFormOf({
        docLink,
        full_name: fullName,
        email: form.email,
        contact_number: form.contact_number,
        site_address: form.site_address,
        city: form.city,
        state: form.state,
        zipcode: form.zipcode,
        cost: form.cost,
        deposit: form.deposit,
        progress: form.progress,
        balance: form.balance,
        csm_email: form.csm_email,
        pm_email: form.pm_email,
        form_type: form.serviceType,
        contractTitle: 'Professional Services Agreement',
        hsDealId: deal.id,
        t24ReportCount: 0,
      });
      const services = {
        repository: this.repository,
        links: this.links,
        recordCreation: this.recordCreation,
        eventLog: this.eventLog,
        derivedDocuments: this.derivedDocuments,
        finishing: this.finishing,
      };
      const imported = await seedDemoAgreement(services, {
        family: 'standard',
        seedKey,
        docLink,
        signingLinkOf: (token) =>
          contractSigningLink(this.config.PUBLIC_SIGNING_URL, token, docLink),
        form: standardForm,
        searchText: familyConfig<typeof standardForm>('standard').searchText(standardForm),
        sentBy: form.csm_email,
        signerName: fullName,
        sendKey: extractDocId(docLink) ?? seedKey,
        createdAt: demoSentAt(demo),
        timeline: demo,
      });
      if (imported) added += 1;
    }
    return `${DEMO.length} contracts (${added} new)`;
  }
}
