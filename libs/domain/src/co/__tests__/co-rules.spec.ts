import {
  CO_MESSAGES,
  coFieldGroups,
  coFormErrors,
  followSplit,
  isSplitPayment,
  signatoryDecision,
  SPLIT_RESET,
} from '../co-rules';

describe('split payment', () => {
  it('knows the Split Payment terms', () => {
    expect(isSplitPayment('Split Payment')).toBe(true);
    expect(isSplitPayment(' split payment ')).toBe(true);
    expect(isSplitPayment('Net 30')).toBe(false);
  });

  it('sets the other amount to the fee minus the edited one', () => {
    expect(followSplit(1000, 'firstPayment', 400)).toEqual({
      firstPayment: 400,
      secondPayment: 600,
    });
    expect(followSplit('1,000', 'secondPayment', '250')).toEqual({
      firstPayment: 750,
      secondPayment: 250,
    });
  });

  it('floors negative amounts to 0', () => {
    expect(followSplit(1000, 'firstPayment', -50)).toEqual({
      firstPayment: 0,
      secondPayment: 1000,
    });
    expect(followSplit(1000, 'firstPayment', 1500)).toEqual({
      firstPayment: 1500,
      secondPayment: 0,
    });
  });

  it('resets both amounts when the terms change', () => {
    expect(SPLIT_RESET).toEqual({ firstPayment: 0, secondPayment: 0 });
  });
});

describe('signatory lookup on Create Contract', () => {
  it('confirms a chosen signatory without looking up', () => {
    expect(
      signatoryDecision({
        chosenSignatoryId: '50000001',
        typedEmail: 'x@y.z',
        existingContacts: 3,
      }),
    ).toEqual({ kind: 'confirm' });
  });

  it('blocks a typed e-mail a CRM contact already has', () => {
    expect(
      signatoryDecision({
        chosenSignatoryId: null,
        typedEmail: ' ann@example.com ',
        existingContacts: 1,
      }),
    ).toEqual({
      kind: 'blocked',
      message:
        'Contact with email ann@example.com already exists. Please select this Signatory from the dropdown.',
    });
  });

  it('confirms a new e-mail', () => {
    expect(
      signatoryDecision({
        chosenSignatoryId: '',
        typedEmail: 'new@example.com',
        existingContacts: 0,
      }),
    ).toEqual({ kind: 'confirm' });
  });
});

describe('coFormErrors', () => {
  const valid = { fee: 1000, payment_terms: 'Net 30', projectLinked: true };

  it('accepts a valid form', () => {
    expect(coFormErrors(valid)).toEqual([]);
  });

  it('requires a label when the deal has no project', () => {
    expect(coFormErrors({ ...valid, projectLinked: false })).toEqual([
      { field: 'associationLabel', message: CO_MESSAGES.labelRequired },
    ]);
    expect(
      coFormErrors({ ...valid, projectLinked: false, associationLabel: 'Change Order 2' }),
    ).toEqual([]);
    expect(
      coFormErrors({ ...valid, projectLinked: false, associationLabel: 'Change Order 9' }),
    ).toHaveLength(1);
  });

  it('refuses a negative or missing fee and split amounts above the fee', () => {
    expect(coFormErrors({ ...valid, fee: -10 }).map((e) => e.field)).toEqual(['fee']);
    expect(coFormErrors({ ...valid, fee: '' }).map((e) => e.field)).toEqual(['fee']);
    const split = { ...valid, payment_terms: 'Split Payment' };
    expect(
      coFormErrors({ ...split, firstPayment: -1, secondPayment: 10 }).map((e) => e.field),
    ).toEqual(['firstPayment']);
    expect(coFormErrors({ ...split, firstPayment: 600, secondPayment: 600 })).toEqual([
      { field: 'secondPayment', message: CO_MESSAGES.splitExceedsFee },
    ]);
    expect(coFormErrors({ ...split, firstPayment: 400, secondPayment: 600 })).toEqual([]);
  });
});

describe('coFieldGroups', () => {
  it('puts the first nine fields in the first group', () => {
    const fields = Array.from({ length: 12 }, (_, i) => `f${i + 1}`);
    const [first, rest] = coFieldGroups(fields);
    expect(first).toHaveLength(9);
    expect(rest).toEqual(['f10', 'f11', 'f12']);
  });
});
