import { STANDARD_TEMPLATE_DOC_IDS } from '@prosign/domain';
import type { AgreementContent, DocumentSection } from '../../../integrations/documents';
import { FIRM_LETTERHEAD, FIRM_SIGNATORY } from './firm-letterhead';

/**
 * Section keys of a standard service agreement: the "additional fields" the
 * clause editor edits (spec 2 §3). A contract's `contract_data` may replace any
 * of these bodies; `agreementTitle` replaces the title.
 */
export type StandardSectionKey =
  | 'start'
  | 'projectDescription'
  | 'engineerBasicService'
  | 'engineerAdditionalService'
  | 'engineerFee'
  | 'licensingAndInsurance'
  | 'termsAndConditions';

const start: DocumentSection = {
  key: 'start',
  body: `This Professional Services Agreement (the "Agreement") is entered into as of $agreement_date by and between Bayline Engineering Group, Inc., a California corporation (the "Engineer"), and $client_name (the "Client"), for the project located at $full_address (the "Project").

The Client wishes to retain the Engineer to provide professional engineering services for the Project, and the Engineer agrees to provide those services under the terms set out below. The Client's representative for this Agreement is $full_name, reachable at $email and $contact_number.`,
};

const projectDescription: DocumentSection = {
  key: 'projectDescription',
  heading: 'Project Description',
  body: `The Project consists of $project_type work at $full_address. The Engineer's services are limited to the $service_type scope described in this Agreement and are based on the information the Client has provided as of the date of this Agreement, including existing drawings, photographs and site conditions described to the Engineer.

Where existing conditions differ materially from those described, the Engineer will notify the Client in writing before proceeding, and any resulting change in scope or fee will be agreed in writing.`,
};

const engineerBasicService: DocumentSection = {
  key: 'engineerBasicService',
  heading: "Engineer's Basic Services",
  body: `The Engineer shall provide the following basic services for the Project:
- Review of the architectural drawings and existing-condition information provided by the Client.
- Structural design of the new and altered gravity and lateral force-resisting elements, in accordance with the current California Building Code and the requirements of the local building department.
- Mechanical, electrical and plumbing (MEP) design for the systems within the scope of work, coordinated with the architectural layout.
- Preparation of stamped and signed structural and MEP drawings, calculations and general notes suitable for submission for a building permit.
- Responses to one (1) round of plan-check comments from the building department on the Engineer's drawings and calculations.

$title_report_clause`,
};

const engineerAdditionalService: DocumentSection = {
  key: 'engineerAdditionalService',
  heading: 'Additional Services',
  body: `Services not listed under Basic Services are Additional Services and will be provided only when authorized by the Client in writing. Additional Services include, without limitation: site visits and construction observation; special inspection coordination; redesign caused by changes in the architectural design, the Client's program or applicable codes after the Engineer has started work; more than one round of plan-check responses; energy compliance (Title 24) reports beyond those listed in this Agreement; and expert or legal testimony.

Additional Services are billed at the Engineer's hourly rates in effect at the time the services are performed, or at a fixed fee agreed in writing before the work begins.`,
};

const engineerFee: DocumentSection = {
  key: 'engineerFee',
  heading: "Engineer's Fee and Payment",
  body: `$payment_clause

Invoices are payable in United States dollars. Balances unpaid thirty (30) days after the due date accrue interest at one percent (1%) per month. The Engineer may suspend services, after seven (7) days' written notice, while any amount due remains unpaid, and is not obliged to release stamped documents until all amounts due have been paid.`,
};

const licensingAndInsurance: DocumentSection = {
  key: 'licensingAndInsurance',
  heading: 'Licensing and Insurance',
  body: `The Engineer's work is performed under the responsible charge of engineers licensed by the California Board for Professional Engineers, Land Surveyors, and Geologists. The Engineer maintains professional liability insurance of not less than $1,000,000 per claim, commercial general liability insurance, and workers' compensation insurance as required by California law, and will provide certificates of insurance on request.`,
};

const termsAndConditions: DocumentSection = {
  key: 'termsAndConditions',
  heading: 'Terms and Conditions',
  body: `1. Standard of care. The Engineer will perform its services with the degree of skill and care ordinarily exercised by licensed engineers practising under similar circumstances in the same locality. No other warranty, express or implied, is given.
2. Client responsibilities. The Client shall provide accurate information about the Project and the site, grant reasonable access, and obtain the approvals of owners and associations the Project requires.
3. Construction. The Engineer is not responsible for construction means, methods, sequences or site safety, nor for the contractor's failure to build according to the documents.
4. Ownership of documents. Drawings and calculations are instruments of service. Upon full payment the Client may use them for this Project only.
5. Limitation of liability. To the fullest extent permitted by law, the Engineer's total liability for any claim arising out of this Agreement is limited to the total fee paid under it.
6. Termination. Either party may terminate this Agreement on seven (7) days' written notice. The Client shall pay for services performed and expenses incurred up to the termination date.
7. Dispute resolution. The parties will first try to resolve any dispute by good-faith negotiation and then by mediation in Alameda County, California, before starting any litigation.
8. Governing law. This Agreement is governed by the laws of the State of California.
9. Entire agreement. This Agreement is the entire agreement between the parties about its subject and may be amended only in writing signed by both parties. Electronic signatures have the same effect as handwritten ones.`,
};

function standardAgreement(title: string, sections: DocumentSection[]): AgreementContent {
  return {
    contractKind: 'standard',
    letterhead: FIRM_LETTERHEAD,
    title,
    subtitle: 'Agreement date: $agreement_date   |   Project: $full_address',
    sections,
    signatureBlock: { firm: FIRM_SIGNATORY, clientName: '$full_name', clientLabel: 'Client' },
  };
}

/** The default template: every service except Drafting Services. */
export const STANDARD_AGREEMENT_TEMPLATE = {
  _id: STANDARD_TEMPLATE_DOC_IDS.default,
  title: 'Professional Engineering Services Agreement',
  content: standardAgreement('Professional Engineering Services Agreement', [
    start,
    projectDescription,
    engineerBasicService,
    engineerAdditionalService,
    engineerFee,
    licensingAndInsurance,
    termsAndConditions,
  ]),
};

/** Drafting Services: drawings only; engineering design is excluded. */
export const DRAFTING_SERVICES_TEMPLATE = {
  _id: STANDARD_TEMPLATE_DOC_IDS.draftingServices,
  title: 'Drafting Services Agreement',
  content: standardAgreement('Drafting Services Agreement', [
    start,
    {
      ...projectDescription,
      body: `The Project consists of drafting services for $project_type work at $full_address. The Engineer will prepare drawings of existing and proposed conditions from the Client's measurements, sketches and design decisions; engineering design, calculations and stamped documents are not part of this Agreement.`,
    },
    {
      ...engineerBasicService,
      body: `The Engineer shall provide the following drafting services:
- A site measurement visit, or review of field measurements supplied by the Client.
- Existing-condition floor plans, roof plan and exterior elevations at a scale suitable for permit submission.
- Proposed floor plans, elevations and one building section reflecting the Client's design decisions.
- Up to two (2) rounds of revisions requested by the Client before the drawings are finalised.
- Delivery of the final drawings as PDF files, and as CAD files on request.

$title_report_clause`,
    },
    {
      ...engineerAdditionalService,
      body: `Structural, mechanical, electrical and plumbing engineering, stamped drawings, plan-check responses, revisions beyond the two rounds included, and energy compliance (Title 24) reports beyond those listed above are Additional Services, provided only when authorized by the Client in writing and billed at the Engineer's hourly rates or at a fixed fee agreed in advance.`,
    },
    engineerFee,
    licensingAndInsurance,
    termsAndConditions,
  ]),
};
