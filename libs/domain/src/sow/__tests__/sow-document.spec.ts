import type { SowContractInput } from '../sow-api';
import { sowDocumentValues, sowFormFieldsOf, sowServicesText } from '../sow-document';

const now = new Date('2026-11-23T18:00:00Z');

const input: SowContractInput = {
  templateName: 'Residential',
  cp_name: ' Mei Lin ',
  cp_email: 'Mei.Lin@Partners.example.com',
  cp_roles: ['designer_cp', 'ose_cp'],
  fees: { designer_fee_test: '1,200', ose_fee_test: 350.5, eor_fee_test: 99 },
  cc_emails: ['PM@prosign.example', 'pm@prosign.example'],
  project_id: '60000003',
  project_address: '88 Orchard Lane',
  timeline: { kind: 'duration', amount: 1, unit: 'weeks' },
  site_visit_date_time: '2026-11-30 2:30 PM',
  pm_email: 'pm@prosign.example',
};

describe('SOW document values', () => {
  it('stores what the screen sent: comma lists, chosen fees only, the total, today as effective date', () => {
    const form = sowFormFieldsOf(input, 'Designer: plans', now);
    expect(form).toMatchObject({
      cp_name: 'Mei Lin',
      cp_email: 'mei.lin@partners.example.com',
      cp_roles: 'designer_cp,ose_cp',
      cc_emails: 'pm@prosign.example',
      fees: { designer_fee_test: 1200, ose_fee_test: 350.5 },
      payment_amount: 1550.5,
      project_timeline: '1 week',
      site_visit_date_time: '2026-11-30T14:30',
      services_deliverables: 'Designer: plans',
      effective_date: '2026-11-23',
    });
    expect(form.fees).not.toHaveProperty('eor_fee_test');
  });

  it('fills the placeholders as the PDF prints them', () => {
    const values = sowDocumentValues(sowFormFieldsOf(input, '', now));
    expect(values).toMatchObject({
      cp_roles: 'Designer, On-Site Engineer (OSE)',
      payment_amount: '$1,550.50',
      fee_breakdown: '- Designer: $1,200.00\n- On-Site Engineer (OSE): $350.50',
      site_visit_date_time: 'November 30, 2026, 2:30 PM (Pacific time)',
      effective_date: 'November 23, 2026',
      cp_phone: 'no phone given',
    });
  });

  it('tolerates a form still being filled (no valid timeline, no site-visit role)', () => {
    const form = sowFormFieldsOf(
      {
        ...input,
        cp_roles: ['designer_cp'],
        timeline: { kind: 'duration', amount: '', unit: 'days' },
      },
      '',
      now,
    );
    expect(form.project_timeline).toBe('');
    expect(form.site_visit_date_time).toBe('');
    expect(sowDocumentValues(form).site_visit_date_time).toBe('not part of this SOW');
  });

  it('names each chosen role before its services text', () => {
    expect(
      sowServicesText({ designer_cp: 'Plans.', ose_cp: 'Visit.' }, ['ose_cp', 'designer_cp']),
    ).toBe('On-Site Engineer (OSE): Visit.\n\nDesigner: Plans.');
  });
});
