import { Injectable } from '@nestjs/common';
import {
  CHANGE_ORDER_TEMPLATE_DOC_ID,
  CLIENT_SIGNATORY_ROLE,
  CO_TEMPLATE_FIELD_KEYS,
  coDocumentValues,
  coFormFieldsOf,
  coSignaturePath,
  extractDocId,
  isChangeOrderLabel,
  SPLIT_PAYMENT,
  type ChangeOrderLabel,
  type CoContractInput,
  type CoTemplateFields,
} from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import { localCrmDemoData } from '../integrations/crm';
import { familyConfig, sectionOverridesOf, type ChangeOrderForm } from '../modules/agreements';
import {
  AgreementEventRepository,
  AgreementLinkRepository,
  AgreementRecordCreationRepository,
  AgreementRepository,
  AgreementSendService,
  type Agreement,
} from '../modules/agreements';
import { CoTemplateRepository } from '../modules/families/co';
import { DerivedDocumentsService, DocumentsService } from '../modules/documents';
import { SignerSignatureService, SigningFinishService, SigningService } from '../modules/signing';
import { AppConfig } from '../platform/config/app-config';
import {
  DEMO_BROWSER,
  DEMO_SIGNER_IP,
  demoSentAt,
  isDemoSeeded,
  seedDemoAgreement,
  type DemoTimeline,
} from './demo-agreements';
import type { Seeder } from '../platform/database/seeder';

/** The stored CO template as this seeder reads it (`co_templates`, seeded by CoTemplatesSeeder). */
interface StoredCoTemplate {
  name: string;
  templateFields?: Record<string, string>;
}

/** The seeded CO template's name (CoTemplatesSeeder's `CO_MAIN_TEMPLATE_NAME`). */
const CO_TEMPLATE_NAME = 'Change Order';

/**
 * One demo change order per line, on the demo CO deals 40000102, 40000103 and
 * 40000105 only: the browser tests send on 40000101, 40000104, 40000106 and
 * 40000107, so those stay free of change orders.
 */
interface DemoCo {
  dealId: string;
  timeline: DemoTimeline;
  description: string;
  fee: number;
  split?: [number, number];
  payment_terms?: string;
  specifications_provisions: string;
}

const DEMO_COS: DemoCo[] = [
  {
    dealId: '40000102',
    timeline: { status: 'cancelled', daysAgo: 12 },
    description: 'Add a steel post under the family-room beam.',
    fee: 1200,
    payment_terms: 'Due upon signing',
    specifications_provisions: 'Post and footing per the engineer’s sketch.',
  },
  {
    dealId: '40000102',
    timeline: { status: 'signed', daysAgo: 6, viewed: 2 },
    description: 'Add a steel post and new footing under the family-room beam.',
    fee: 1500,
    split: [900, 600],
    specifications_provisions: 'Post, footing and base plate per revised calculations.',
  },
  {
    dealId: '40000103',
    timeline: { status: 'expired', daysAgo: 35, viewed: 1 },
    description: 'Reframe the garage header for a wider door.',
    fee: 1400,
    payment_terms: 'Net 15',
    specifications_provisions: 'Header sized for a 16 ft opening.',
  },
  {
    dealId: '40000103',
    timeline: { status: 'viewed', daysAgo: 1, viewed: 2 },
    description: 'Reframe the garage header for a 16 ft door opening.',
    fee: 1850,
    payment_terms: 'Net 30',
    specifications_provisions: 'LVL header and king studs per the revised plan.',
  },
  {
    dealId: '40000105',
    timeline: { status: 'signature_saved', daysAgo: 3, viewed: 3 },
    description: 'Add shear walls on the north side of the addition.',
    fee: 2400,
    split: [1400, 1000],
    specifications_provisions: 'Plywood shear walls with hold-downs at each end.',
  },
  {
    dealId: '40000105',
    timeline: { status: 'not-signed', daysAgo: 0.2 },
    description: 'Add a skylight opening in the addition roof.',
    fee: 950,
    payment_terms: 'Due upon completion',
    specifications_provisions: 'Doubled rafters at the opening.',
  },
];

/**
 * Demo change orders (Show CO on /dashboard): each on its CO deal, with that
 * deal's project, label and client signatory from the local CRM's demo data,
 * the stored CO template's texts, its own change-order document, and a status
 * reached as the standard demo contracts reach theirs (the signed one signed
 * for real: sealed PDF, audit trail, verify page). Keyed by fixed seed keys
 * (their signing tokens are random): re-running adds nothing.
 */
@Injectable()
export class CoDemoSeeder implements Seeder {
  readonly name = 'demo change orders';

  constructor(
    private readonly repository: AgreementRepository,
    private readonly links: AgreementLinkRepository,
    private readonly recordCreation: AgreementRecordCreationRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly documents: DocumentsService,
    private readonly derivedDocuments: DerivedDocumentsService,
    private readonly finishing: SigningFinishService,
    private readonly sending: AgreementSendService,
    private readonly signing: SigningService,
    private readonly signatures: SignerSignatureService,
    private readonly templates: CoTemplateRepository,
    private readonly config: AppConfig,
  ) {}

  async seed(): Promise<string> {
    if (this.config.CRM_ADAPTER !== 'local' || this.config.DOCUMENTS_ADAPTER !== 'local') {
      return 'skipped (needs the local CRM and documents)';
    }
    const template = await this.templates.findNamedOrFirst(CO_TEMPLATE_NAME);
    if (!template) return 'skipped (no CO template)';
    const templateFields: CoTemplateFields = {};
    for (const key of CO_TEMPLATE_FIELD_KEYS) {
      const text = template.templateFields?.[key];
      if (text) templateFields[key] = text;
    }
    const crm = localCrmDemoData(this.config);
    const services = {
      repository: this.repository,
      links: this.links,
      recordCreation: this.recordCreation,
      eventLog: this.eventLog,
      derivedDocuments: this.derivedDocuments,
      finishing: this.finishing,
    };
    let added = 0;
    for (const [i, demo] of DEMO_COS.entries()) {
      const seedKey = `demo-co-${String(i + 1).padStart(2, '0')}`;
      if (await isDemoSeeded(services, seedKey)) continue;
      const form = demoCoForm(crm, template, templateFields, demo);
      const createdAt = demoSentAt(demo.timeline);
      // The change-order document, made as the /co screen's create makes it.
      const { docLink } = await this.documents.createFromTemplate({
        templateDocId: CHANGE_ORDER_TEMPLATE_DOC_ID,
        values: coDocumentValues(form),
        sectionOverrides: sectionOverridesOf(CO_TEMPLATE_FIELD_KEYS, form),
        documentDate: createdAt,
      });
      const imported = await seedDemoAgreement(services, {
        family: 'co',
        seedKey,
        docLink,
        signingLinkOf: (token) =>
          `${this.config.PUBLIC_SIGNING_URL.replace(/\/+$/, '')}${coSignaturePath(token)}`,
        form,
        searchText: familyConfig<ChangeOrderForm>('co').searchText(form),
        sentBy: form.csm_email,
        signerName: form.signatory_name,
        sendKey: extractDocId(docLink) ?? seedKey,
        createdAt,
        timeline: demo.timeline,
      });
      if (imported) added += 1;
    }
    const waiting = await this.seedWaitingForTheFirm(crm, template, templateFields);
    return `${DEMO_COS.length + 1} change orders (${added + Number(waiting)} new)`;
  }

  /**
   * A change order the client signed that waits for the firm's countersignature:
   * sent and signed through the product's own send, signer calls and finish, so the demo
   * admin finds it in "Waiting for my signature". Found by its deal and countersigner.
   */
  private async seedWaitingForTheFirm(
    crm: ReturnType<typeof localCrmDemoData>,
    template: StoredCoTemplate,
    templateFields: CoTemplateFields,
  ): Promise<boolean> {
    const seeded = {
      family: 'co',
      'form.deal_id': COUNTERSIGN_DEMO.dealId,
      countersignerUserId: COUNTERSIGN_DEMO.countersigner.email,
    };
    if ((await this.repository.idsWhere(seeded as QueryFilter<Agreement>, 1)).length) return false;
    const form = demoCoForm(crm, template, templateFields, COUNTERSIGN_DEMO);
    const { docLink } = await this.documents.createFromTemplate({
      templateDocId: CHANGE_ORDER_TEMPLATE_DOC_ID,
      values: coDocumentValues(form),
      sectionOverrides: sectionOverridesOf(CO_TEMPLATE_FIELD_KEYS, form),
      documentDate: new Date(),
    });
    const actor = { email: form.csm_email, ip: '203.0.113.10' };
    const agreement = await this.sending.prepare(
      {
        family: 'co',
        sendKey: extractDocId(docLink) ?? docLink,
        form,
        docLink,
        signingLinkOf: (token) =>
          `${this.config.PUBLIC_SIGNING_URL.replace(/\/+$/, '')}${coSignaturePath(token)}`,
        mailedFields: familyConfig<ChangeOrderForm>('co').mailedFields,
        signers: {
          additional: [],
          order: 'sequential',
          countersigner: COUNTERSIGN_DEMO.countersigner,
        },
      },
      actor,
    );
    await this.sending.run(agreement, actor);
    const signer = { ip: DEMO_SIGNER_IP, userAgent: DEMO_BROWSER };
    await this.signing.verifyToken(agreement.token, 'email', signer);
    await this.signatures.saveTypedSignature(
      agreement.token,
      { textSignature: form.signatory_name },
      signer,
    );
    await this.signatures.saveInitials(agreement.token, { agreedToTerms: true }, signer);
    await this.finishing.finish(agreement.token, signer);
    return true;
  }
}

/** The change order waiting for the firm: the demo admin countersigns as the principal engineer. */
const COUNTERSIGN_DEMO = {
  dealId: '40000105',
  description: 'Strengthen the roof framing for the new solar array.',
  fee: 1750,
  payment_terms: 'Net 30',
  specifications_provisions: 'Sister the rafters under the array per the revised calculations.',
  countersigner: {
    email: 'admin@prosign.example',
    name: 'Dana Whitfield',
    title: 'Principal Engineer',
  },
} as const;

/** The CO form of a demo change order, from its deal's project, label and signatory in the demo CRM. */
function demoCoForm(
  crm: ReturnType<typeof localCrmDemoData>,
  template: StoredCoTemplate,
  templateFields: CoTemplateFields,
  demo: Pick<
    DemoCo,
    'dealId' | 'description' | 'fee' | 'split' | 'payment_terms' | 'specifications_provisions'
  >,
): ChangeOrderForm {
  const deal = crm.deals.find((d) => d.id === demo.dealId);
  if (!deal) throw new Error(`the demo CRM has no change-order deal ${demo.dealId}`);
  const signatoryLink = crm.associations.find(
    (a) =>
      a.fromType === 'deals' &&
      a.fromId === deal.id &&
      a.toType === 'contacts' &&
      a.labels.includes(CLIENT_SIGNATORY_ROLE),
  );
  const signatory = crm.contacts.find((c) => c.id === signatoryLink?.toId);
  const projectLink = crm.associations.find(
    (a) => a.fromType === 'deals' && a.fromId === deal.id && a.toType === 'projects',
  );
  const project = crm.projects.find((p) => p.id === projectLink?.toId);
  const label = projectLink?.labels.find(isChangeOrderLabel);
  if (!signatory || !project || !label) {
    throw new Error(`demo CO deal ${deal.id} needs a client signatory and a labelled project`);
  }
  // The project's taken labels, as the CRM's project label info reports them.
  const notAvailableLabels = [
    ...new Set(
      crm.associations
        .filter((a) => a.fromType === 'deals' && a.toType === 'projects' && a.toId === project.id)
        .flatMap((a) => a.labels)
        .filter(isChangeOrderLabel),
    ),
  ].sort() as ChangeOrderLabel[];
  const person = signatory.properties;
  const input: CoContractInput = {
    templateId: String((template as { _id?: unknown })._id ?? ''),
    deal_id: deal.id,
    project_id: String(project.properties.address ?? project.properties.property_address),
    project_address: String(project.properties.property_address ?? ''),
    signatory_name: [person.firstname, person.lastname].filter(Boolean).join(' '),
    signatory_email: String(person.email ?? ''),
    signatory_phone: String(person.phone ?? ''),
    description: demo.description,
    fee: demo.fee,
    payment_terms: demo.split ? SPLIT_PAYMENT : (demo.payment_terms ?? 'Due upon signing'),
    firstPayment: demo.split?.[0] ?? 0,
    secondPayment: demo.split?.[1] ?? 0,
    specifications_provisions: demo.specifications_provisions,
    main_contract_signed_date: null,
    csm_email: 'csm@prosign.example',
    pm_email: 'pm@prosign.example',
    cc_emails: ['pm@prosign.example'],
    associationLabel: null,
    selectedHSSignatoryId: signatory.id,
    selectedHSProjectId: project.id,
    duplicateDealId: null,
  };
  const form: ChangeOrderForm = coFormFieldsOf(input, {
    coLabel: label,
    notAvailableLabels,
    selectedHSProjectId: project.id,
    mainContractSignedDate:
      (project.properties.main_contract_signed_date as string | null | undefined) ?? null,
    templateFields,
  });
  return { ...form, deal_pipeline: deal.properties.pipeline ?? null };
}
