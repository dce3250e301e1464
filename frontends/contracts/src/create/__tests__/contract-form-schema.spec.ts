import { CONTRACT_MESSAGES, RECIPIENT_MESSAGES, type FormField } from '@prosign/domain';
import { EMPTY_FORM } from '../contract-draft';
import { createStepSchema } from '../contract-form-schema';

const FIELDS = [
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    required: true,
    isNotEditable: false,
    options: [],
  },
] as FormField[];

const valid = {
  serviceType: 'Structural Engineering',
  t24ReportCount: '1',
  form: {
    ...EMPTY_FORM,
    email: 'a@example.com',
    cost: '1000',
    deposit: '500',
    csm_email: 'c@x.example',
  },
};

const messageOf = (values: unknown) => {
  const result = createStepSchema(() => FIELDS).safeParse(values);
  return result.success ? null : result.error.issues.map((issue) => issue.message).join(' ');
};

describe('createStepSchema', () => {
  it('passes a complete form', () => {
    expect(messageOf(valid)).toBeNull();
  });

  it('asks for the service, the report count and the required fields first', () => {
    expect(
      messageOf({
        ...valid,
        serviceType: '',
        t24ReportCount: '',
        form: { ...valid.form, email: ' ' },
      }),
    ).toBe('Choose a service. Choose the number of Title 24 reports. Email is required.');
  });

  it("applies the domain's contract rules with their messages", () => {
    expect(messageOf({ ...valid, form: { ...valid.form, deposit: '0', csm_email: '' } })).toBe(
      `${CONTRACT_MESSAGES.depositInvalid} ${CONTRACT_MESSAGES.csmRequired}`,
    );
    expect(messageOf({ ...valid, form: { ...valid.form, deposit: '900', progress: '200' } })).toBe(
      CONTRACT_MESSAGES.amountsExceedCost,
    );
  });

  it('checks the additional signers with the recipient-list rule, each message at its field', () => {
    const result = createStepSchema(() => FIELDS).safeParse({
      ...valid,
      form: { ...valid.form, full_name: 'Maria Chen' },
      additionalSigners: [{ name: 'Luis', email: 'A@example.com', phone: '' }],
      signingOrder: 'parallel',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      {
        path: ['additionalSigners', '0', 'email'],
        message: RECIPIENT_MESSAGES.sameSignerEmail('Maria Chen', 'Luis', 'A@example.com'),
      },
    ]);
  });
});
