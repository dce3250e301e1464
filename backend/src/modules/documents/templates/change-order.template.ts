import { CHANGE_ORDER_TEMPLATE_DOC_ID } from '@prosign/domain';
import type { AgreementContent } from '../../../integrations/documents';
import { FIRM_LETTERHEAD, FIRM_SIGNATORY } from './firm-letterhead';

const content: AgreementContent = {
  contractKind: 'co',
  letterhead: FIRM_LETTERHEAD,
  title: 'Change Order',
  subtitle: '$co_label   |   Deal $deal_id   |   $project_address',
  sections: [
    {
      key: 'template_start',
      body: `This Change Order amends the agreement between Bayline Engineering Group, Inc. (the "Engineer") and $signatory_name (the "Client") for the project at $project_address, signed on $main_contract_signed_date (the "Agreement"). Except as changed below, the Agreement remains in full force and effect.`,
    },
    {
      key: 'description',
      heading: 'Description of Change',
      body: `$description`,
    },
    {
      key: 'fee',
      heading: 'Change Order Fee and Payment',
      body: `The fee for the work in this Change Order is $fee, payable as follows: $payment_terms$payment_split.`,
    },
    {
      key: 'specifications_provisions',
      heading: 'Specifications and Provisions',
      body: `$specifications_provisions`,
    },
    {
      key: 'template_change_order_acknowledgement',
      heading: 'Acknowledgement',
      body: `By signing below, the Client authorises the Engineer to perform the work described in this Change Order for the fee stated, and acknowledges that the project schedule may be adjusted accordingly. Client contact: $signatory_email, $signatory_phone.`,
    },
  ],
  signatureBlock: { firm: FIRM_SIGNATORY, clientName: '$signatory_name', clientLabel: 'Client' },
};

export const CHANGE_ORDER_TEMPLATE = {
  _id: CHANGE_ORDER_TEMPLATE_DOC_ID,
  title: 'Change Order',
  content,
};
