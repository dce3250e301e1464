import { placeholdersIn } from '@prosign/domain';
import { renderAgreement } from '../../../integrations/documents';
import { fillContent } from '../../../integrations/documents/local-documents.adapter';
import { standardContractValues } from './contract-placeholders';
import {
  DRAFTING_SERVICES_TEMPLATE,
  STANDARD_AGREEMENT_TEMPLATE,
} from './standard-agreement.template';

const FORM = {
  cost: 8000,
  deposit: 4000,
  full_name: 'Sam Lee',
  email: 'sam@example.com',
  site_address: '1 Main St',
  csm_email: 'csm@example.com',
  t24ReportCount: 1,
};

describe.each([STANDARD_AGREEMENT_TEMPLATE, DRAFTING_SERVICES_TEMPLATE])('$title', (template) => {
  it('every placeholder of the template has a value from the minimal form data', () => {
    const values = standardContractValues(FORM, new Date('2026-01-05T18:00:00Z'));
    const texts = [
      template.title,
      template.content.subtitle ?? '',
      template.content.signatureBlock.clientName,
      ...template.content.sections.map((section) => section.body),
    ];
    const missing = texts.flatMap(placeholdersIn).filter((name) => !(name in values));
    expect(missing).toEqual([]);
  });

  it('renders byte-identical PDFs for the same input, recording signature and initials slots', async () => {
    const content = fillContent(template.content, {
      title: template.title,
      values: standardContractValues(FORM, new Date('2026-01-05T18:00:00Z')),
    });
    const date = new Date('2026-01-05T18:00:00Z');
    const first = await renderAgreement(content, date);
    const second = await renderAgreement(content, date);
    expect(first.pdf.equals(second.pdf)).toBe(true);
    expect(first.slots.filter((slot) => slot.kind === 'initials')).toHaveLength(first.pageCount);
    expect(first.slots.filter((slot) => slot.kind === 'signature')).toEqual([
      expect.objectContaining({ page: first.pageCount - 1, width: 200, height: 60 }),
    ]);
  });
});
