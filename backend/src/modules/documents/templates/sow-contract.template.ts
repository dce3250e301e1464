import { SOW_TEMPLATE_DOC_ID } from '@prosign/domain';
import type { AgreementContent } from '../../../integrations/documents';
import { FIRM_LETTERHEAD, FIRM_SIGNATORY } from './firm-letterhead';

const content: AgreementContent = {
  contractKind: 'sow',
  letterhead: FIRM_LETTERHEAD,
  title: 'Scope of Work Agreement',
  subtitle: 'Effective date: $effective_date   |   Project $project_id: $project_address',
  sections: [
    {
      key: 'template_start',
      body: `This Scope of Work Agreement (the "SOW") is made effective $effective_date between Bayline Engineering Group, Inc. (the "Firm") and $cp_name (the "Community Partner"), $cp_email, $cp_phone. Under it the Community Partner will perform the following role(s) on the Firm's project $project_id at $project_address: $cp_roles.`,
    },
    {
      key: 'template_project_overview',
      heading: 'Project Overview',
      body: `$project_type project at $project_address.

$project_overview`,
    },
    {
      key: 'template_services_and_deliverables',
      heading: 'Services and Deliverables',
      body: `The Community Partner shall provide the following services and deliverables:

$services_deliverables

Site visit: $site_visit_date_time. All deliverables are submitted to the Firm's project manager ($pm_email) in the formats the Firm specifies.`,
    },
    {
      key: 'template_payment',
      heading: 'Payment',
      body: `The Firm shall pay the Community Partner a total of $payment_amount for the services in this SOW, made up of the following fees:

$fee_breakdown

Payment is due within thirty (30) days after the Firm accepts the final deliverables and receives the Community Partner's invoice.`,
    },
    {
      key: 'template_scope_verification',
      heading: 'Scope Verification',
      body: `Before starting work the Community Partner shall review the project information provided and notify the Firm within three (3) business days of any discrepancy, missing information or condition that would change the scope, schedule or fee. Work performed outside this SOW without the Firm's written approval will not be paid.`,
    },
    {
      key: 'template_prime_agreement',
      heading: 'Prime Agreement',
      body: `The services support the Firm's agreement with its client for this project (the "Prime Agreement"). The Community Partner is bound toward the Firm by the same standard of care, confidentiality and document-ownership terms that bind the Firm toward its client, and shall not contact the Firm's client about the project except through the Firm.`,
    },
    {
      key: 'template_timeline',
      heading: 'Timeline',
      body: `The Community Partner shall complete the services within the following timeline (a duration counts from the effective date): $project_timeline. The Community Partner shall inform the Firm promptly of anything that may delay completion.`,
    },
    {
      key: 'template_additional_work',
      heading: 'Additional Work',
      body: `Work beyond this SOW requires a written change order issued by the Firm before the work begins, stating the added scope, fee and schedule.`,
    },
    {
      key: 'template_governing_law',
      heading: 'Governing Law',
      body: `This SOW is governed by the laws of the State of California. The Community Partner acts as an independent contractor, is responsible for its own taxes, licences and insurance, and is not an employee or agent of the Firm.`,
    },
    {
      key: 'template_signature_text',
      heading: 'Acceptance',
      body: `By signing below, the Community Partner accepts this Scope of Work and its terms. Electronic signatures have the same effect as handwritten ones.`,
    },
    {
      key: 'template_footer_note',
      body: `Questions about this SOW: contact the project manager at $pm_email.`,
    },
  ],
  signatureBlock: {
    firm: FIRM_SIGNATORY,
    clientName: '$cp_name',
    clientLabel: 'Community Partner',
  },
};

export const SOW_CONTRACT_TEMPLATE = {
  _id: SOW_TEMPLATE_DOC_ID,
  title: 'Scope of Work Agreement',
  content,
};
