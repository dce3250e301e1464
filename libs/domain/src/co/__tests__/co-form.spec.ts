import type { CoContractInput } from '../co-api';
import {
  CO_FORM_FIELDS,
  CO_PAYMENT_TERMS,
  CO_TEMPLATE_TEXT_MAX,
  coCcChoices,
  coContractErrors,
  coDocumentValues,
  coFormFieldsOf,
  coLabelDecision,
  coPaymentSplitText,
  coTemplateFieldErrors,
  labelTakenMessage,
} from '../co-form';
import { CO_FIRST_GROUP_SIZE, CO_MESSAGES, coFieldGroups, SPLIT_PAYMENT } from '../co-rules';

const input = (overrides: Partial<CoContractInput> = {}): CoContractInput => ({
  templateId: 't1',
  deal_id: '40000101',
  project_id: '12 Elm St',
  project_address: '12 Elm St, San Jose, CA 95112',
  signatory_name: 'Ann Lee',
  signatory_email: 'Ann@Example.com',
  signatory_phone: '+14085550101',
  description: 'Add a second bathroom.',
  fee: '1,200',
  payment_terms: 'Net 30',
  csm_email: 'csm@prosign.example',
  pm_email: 'pm@prosign.example',
  cc_emails: ['PM@prosign.example', 'pm@prosign.example', 'changeorders@prosign.example'],
  selectedHSSignatoryId: '50000001',
  selectedHSProjectId: '60000001',
  ...overrides,
});

describe('the CO form definition', () => {
  it('has nine fields in its first group, deal, project and signed date read-only', () => {
    const [first, rest] = coFieldGroups(CO_FORM_FIELDS);
    expect(first).toHaveLength(CO_FIRST_GROUP_SIZE);
    expect(rest.length).toBeGreaterThan(0);
    const readOnly = CO_FORM_FIELDS.filter((f) => f.isNotEditable).map((f) => f.name);
    expect(readOnly).toEqual(['deal_id', 'project_id', 'main_contract_signed_date']);
    const names = CO_FORM_FIELDS.map((f) => f.name);
    for (const special of [
      'csm_email',
      'pm_email',
      'cc_emails',
      'signatory_details',
      'payment_terms',
      'fee',
      'project_address',
    ]) {
      expect(names).toContain(special);
    }
  });

  it('offers payment terms ending with Split Payment', () => {
    expect(CO_PAYMENT_TERMS[CO_PAYMENT_TERMS.length - 1]).toBe(SPLIT_PAYMENT);
    const terms = CO_FORM_FIELDS.find((f) => f.name === 'payment_terms');
    expect(terms?.options).toEqual([...CO_PAYMENT_TERMS]);
  });

  it('offers the company address first for cc, then the PM users, each once', () => {
    expect(
      coCcChoices('Office@Firm.com ', ['pm@firm.com', 'office@firm.com', 'ann@firm.com', '']),
    ).toEqual(['office@firm.com', 'pm@firm.com', 'ann@firm.com']);
  });
});

describe('the association label', () => {
  it('keeps the deal’s own label, whatever was chosen', () => {
    expect(
      coLabelDecision({
        dealLabel: 'Change Order 2',
        chosen: 'Change Order 4',
        notAvailableLabels: ['Change Order 1', 'Change Order 2'],
      }),
    ).toEqual({ kind: 'label', label: 'Change Order 2', fromDeal: true });
  });

  it('takes a chosen label the project has not used', () => {
    expect(
      coLabelDecision({
        dealLabel: null,
        chosen: 'Change Order 4',
        notAvailableLabels: ['Change Order 1'],
      }),
    ).toEqual({ kind: 'label', label: 'Change Order 4', fromDeal: false });
  });

  it('refuses no label, an unknown one and a used one', () => {
    const refused = (chosen: string | null) =>
      coLabelDecision({ dealLabel: null, chosen, notAvailableLabels: ['Change Order 1'] });
    expect(refused(null)).toEqual({ kind: 'refused', message: CO_MESSAGES.labelRequired });
    expect(refused('Change Order 9')).toEqual({
      kind: 'refused',
      message: CO_MESSAGES.labelRequired,
    });
    expect(refused('Change Order 1')).toEqual({
      kind: 'refused',
      message: labelTakenMessage('Change Order 1'),
    });
  });
});

describe('the whole CO form check', () => {
  it('passes a complete form with its project linked', () => {
    expect(coContractErrors(input(), { projectLinked: true })).toEqual([]);
  });

  it('names the missing required fields and bad e-mails', () => {
    const errors = coContractErrors(
      input({
        deal_id: '',
        signatory_name: ' ',
        signatory_email: 'ann',
        csm_email: '',
        description: '',
        payment_terms: '',
        cc_emails: ['nope'],
      }),
      { projectLinked: true },
    );
    expect(errors.map((e) => e.field)).toEqual([
      'deal_id',
      'signatory_name',
      'signatory_email',
      'csm_email',
      'cc_emails',
      'description',
      'payment_terms',
    ]);
  });

  it('needs a label when the project did not come with the deal', () => {
    expect(coContractErrors(input(), { projectLinked: false })).toEqual([
      { field: 'associationLabel', message: CO_MESSAGES.labelRequired },
    ]);
    expect(
      coContractErrors(input({ associationLabel: 'Change Order 3' }), { projectLinked: false }),
    ).toEqual([]);
  });

  it('refuses a negative split and a split above the fee', () => {
    const split = (firstPayment: number, secondPayment: number) =>
      coContractErrors(
        input({ fee: 1000, payment_terms: SPLIT_PAYMENT, firstPayment, secondPayment }),
        { projectLinked: true },
      ).map((e) => e.message);
    expect(split(-10, 1010)).toEqual([CO_MESSAGES.splitInvalid]);
    expect(split(600, 500)).toEqual([CO_MESSAGES.splitExceedsFee]);
    expect(split(600, 400)).toEqual([]);
  });
});

describe('the CO template texts', () => {
  const stored = {
    template_start: 'Between us and $signatory_name for $project_address.',
    template_change_order_acknowledgement: 'Contact: $signatory_email.',
  };

  it('accepts edits that keep every placeholder, previews counting as the placeholder', () => {
    expect(
      coTemplateFieldErrors(stored, {
        template_start:
          'Agreed with <<$signatory_name:Ann Lee>> about $project_address, in writing.',
      }),
    ).toEqual([]);
  });

  it('names a dropped placeholder, an unknown text, an empty or an overlong one', () => {
    expect(
      coTemplateFieldErrors(stored, {
        template_start: 'Between us and the client.',
        template_other: 'x',
        template_change_order_acknowledgement: ' ',
      }),
    ).toEqual([
      {
        field: 'template_start',
        message: 'template_start must keep its placeholders: $signatory_name, $project_address.',
      },
      { field: 'template_other', message: 'template_other is not a change-order template text.' },
      {
        field: 'template_change_order_acknowledgement',
        message: 'template_change_order_acknowledgement cannot be empty.',
      },
    ]);
    const long = `$signatory_email ${'x'.repeat(CO_TEMPLATE_TEXT_MAX)}`;
    expect(
      coTemplateFieldErrors(stored, { template_change_order_acknowledgement: long })[0]?.message,
    ).toMatch(/at most 20000 characters/);
  });
});

describe('the stored change order and its document', () => {
  const decided = {
    coLabel: 'Change Order 4' as const,
    notAvailableLabels: ['Change Order 1' as const],
    selectedHSProjectId: '60000001',
    mainContractSignedDate: '2025-02-11',
    templateFields: {
      template_start: 'Start <<$signatory_name:Ann Lee>>.',
    },
  };

  it('stores trimmed texts, lower-case e-mails, the decided label and reverted previews', () => {
    const form = coFormFieldsOf(input({ firstPayment: 100, secondPayment: 50 }), decided);
    expect(form).toMatchObject({
      signatory_email: 'ann@example.com',
      fee: 1200,
      firstPayment: 0,
      secondPayment: 0,
      cc_emails: 'pm@prosign.example,changeorders@prosign.example',
      coLabel: 'Change Order 4',
      associationLabel: 'Change Order 4',
      main_contract_signed_date: '2025-02-11',
      template_start: 'Start $signatory_name.',
    });
    expect(form).not.toHaveProperty('template_change_order_acknowledgement');
  });

  it('writes the fee, the signed date and, for Split Payment, both amounts', () => {
    const split = coFormFieldsOf(
      input({ fee: 1000, payment_terms: 'split payment', firstPayment: 600, secondPayment: 400 }),
      decided,
    );
    const values = coDocumentValues(split);
    expect(values).toMatchObject({
      fee: '$1,000.00',
      payment_terms: SPLIT_PAYMENT,
      main_contract_signed_date: 'February 11, 2025',
      co_label: 'Change Order 4',
      deal_id: '40000101',
    });
    expect(values.payment_split).toBe(
      ', in two payments: a first payment of $600.00 and a second payment of $400.00',
    );
    expect(coPaymentSplitText({ payment_terms: 'Net 30', firstPayment: 1, secondPayment: 2 })).toBe(
      '',
    );
  });
});
