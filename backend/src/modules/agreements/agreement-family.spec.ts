import { familyConfig } from './agreement-family';
import type { ChangeOrderForm } from './families/co.family';
import type { SowContractForm } from './families/sow.family';

describe('family configurations', () => {
  it('SOW: the partner signs, the PM is the sender, cc from the comma list, its own link mail, no deal moves', () => {
    const sow = familyConfig<SowContractForm>('sow');
    const form = {
      cp_name: 'Mei Lin',
      cp_email: 'mei@partners.example.com',
      cp_roles: 'designer_cp,ose_cp',
      cc_emails: 'pm@prosign.example, ann@prosign.example',
      pm_email: 'pm@prosign.example',
      project_address: '88 Orchard Lane',
      project_id: '60000003',
      selectedHSProjectId: '60000003',
    } as SowContractForm;
    expect(sow.parties(form)).toEqual({
      signerName: 'Mei Lin',
      signerEmail: 'mei@partners.example.com',
      signerPhone: null,
      copyTo: ['pm@prosign.example', 'ann@prosign.example'],
      senderEmail: 'pm@prosign.example',
    });
    expect(sow.searchText(form)).toContain('on-site engineer (ose)');
    expect(sow.title(form)).toBe('Scope of Work: 88 Orchard Lane');
    expect(sow.linkMail({ form, link: 'L', senderEmail: 'x', isReminder: true })).toEqual({
      kind: 'agreement-link',
      data: {
        family: 'sow',
        recipientName: 'Mei Lin',
        projectAddress: '88 Orchard Lane',
        link: 'L',
        isReminder: true,
      },
    });
    expect(sow.crm.dealId(form)).toBeNull();
    // Its CRM record is the project: notes go there.
    expect(sow.crm.projectId(form)).toBe('60000003');
    expect(sow.fileServiceProjectId(form)).toBe('60000003');
  });

  it('CO: the client signatory signs, the CSM sends, its events are written on the deal', () => {
    const co = familyConfig<ChangeOrderForm>('co');
    const form = {
      signatory_name: 'Ann Lee',
      signatory_email: 'ann@example.com',
      signatory_phone: '',
      cc_emails: '',
      csm_email: 'csm@prosign.example',
      pm_email: 'pm@prosign.example',
      project_address: '12 Elm St',
      deal_id: '40000101',
      coLabel: 'Change Order 2',
    } as ChangeOrderForm;
    expect(co.parties(form)).toMatchObject({
      signerEmail: 'ann@example.com',
      copyTo: [],
      senderEmail: 'csm@prosign.example',
    });
    expect(co.title(form)).toBe('Change Order: 12 Elm St');
    expect(co.linkMail({ form, link: 'L', senderEmail: 'x', isReminder: false })).toMatchObject({
      kind: 'agreement-link',
      data: { family: 'co', recipientName: 'Ann Lee' },
    });
    expect(co.crm.dealId(form)).toBe('40000101');
    expect(co.crm.projectId(form)).toBeNull();
  });
});
