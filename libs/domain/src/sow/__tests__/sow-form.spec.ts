import type { SowContractInput } from '../sow-api';
import { sowFormErrors } from '../sow-form';

const now = new Date('2026-11-23T18:00:00Z');

function form(overrides: Partial<SowContractInput> = {}): SowContractInput {
  return {
    templateName: 'Residential',
    cp_name: 'Dana Whitfield',
    cp_email: 'dana@partners.example.com',
    cp_roles: ['designer_cp', 'ose_cp'],
    fees: { designer_fee_test: '1200', ose_fee_test: 350.5 },
    cc_emails: ['pm@prosign.example'],
    project_id: '60000001',
    project_address: '12 Harbor Way, Oakland, CA',
    timeline: { kind: 'duration', amount: 3, unit: 'weeks' },
    site_visit_date_time: '2026-11-30T10:00',
    pm_email: 'pm@prosign.example',
    ...overrides,
  };
}

const fields = (input: SowContractInput) => sowFormErrors(input, now).map((e) => e.field);

describe('sowFormErrors', () => {
  it('accepts a complete form', () => {
    expect(sowFormErrors(form(), now)).toEqual([]);
  });

  it('requires a fee for each chosen role, keyed by its fee field', () => {
    const errors = sowFormErrors(form({ fees: { designer_fee_test: '1200' } }), now);
    expect(errors).toEqual([
      { field: 'fees.ose_fee_test', message: 'Enter the fee for On-Site Engineer (OSE).' },
    ]);
  });

  it('requires a site visit for ose and refuses one in the past', () => {
    expect(fields(form({ site_visit_date_time: '' }))).toEqual(['site_visit_date_time']);
    expect(fields(form({ site_visit_date_time: '2026-11-01T10:00' }))).toEqual([
      'site_visit_date_time',
    ]);
    expect(
      fields(
        form({
          cp_roles: ['designer_cp'],
          site_visit_date_time: '',
          fees: { designer_fee_test: 1 },
        }),
      ),
    ).toEqual([]);
  });

  it('refuses no roles, unknown roles, bad e-mails and a bad timeline', () => {
    expect(fields(form({ cp_roles: [] }))).toEqual(['cp_roles']);
    expect(fields(form({ cp_roles: ['designer_cp', 'boss_cp' as never] }))).toContain('cp_roles');
    expect(fields(form({ cp_email: 'dana' }))).toEqual(['cp_email']);
    expect(fields(form({ cc_emails: ['nope'] }))).toEqual(['cc_emails']);
    expect(fields(form({ timeline: { kind: 'duration', amount: 0, unit: 'days' } }))).toEqual([
      'timeline',
    ]);
    expect(fields(form({ effective_date: '2026-02-30' }))).toEqual(['effective_date']);
  });
});
