import {
  ADD_NEW_CONTACT,
  applyAmountChange,
  basicServicesSaveBlock,
  contactCheckMessage,
  contractFormErrors,
  formatPhoneNumber,
  fullNameOptionsFrom,
  isCompletePhoneNumber,
  signatoryFieldsFor,
  splitSiteAddress,
  type ContractAmounts,
} from '../contract-form-rules';
import { paymentClauseText, title24ClauseText } from '../contract-clauses';

const start: ContractAmounts = { cost: '10000', deposit: '5000', progress: '0', balance: '5000' };

describe('amount rules for Inspection (spec 2 §5)', () => {
  it('a new cost becomes the deposit; balance and progress become 0', () => {
    expect(applyAmountChange(start, 'cost', '950', 'Inspection')).toEqual({
      cost: '950',
      deposit: '950',
      progress: '0',
      balance: '0',
    });
  });

  it('a new deposit or progress sets the cost to their sum', () => {
    const afterDeposit = applyAmountChange(
      { cost: '950', deposit: '950', progress: '0', balance: '0' },
      'deposit',
      '600',
      'inspection',
    );
    expect(afterDeposit).toEqual({ cost: '600', deposit: '600', progress: '0', balance: '0' });
    expect(applyAmountChange(afterDeposit, 'progress', '250.5', 'Inspection')).toEqual({
      cost: '850.5',
      deposit: '600',
      progress: '250.5',
      balance: '0',
    });
  });
});

describe('amount rules for other services (spec 2 §5)', () => {
  it('a new cost is split in half between deposit and balance', () => {
    expect(applyAmountChange(start, 'cost', '12500', 'Structural Engineering')).toEqual({
      cost: '12500',
      deposit: '6250',
      progress: '0',
      balance: '6250',
    });
  });

  it('an odd cost splits to whole cents and still adds up', () => {
    const next = applyAmountChange(start, 'cost', '100.01', 'ADU Design');
    expect(next.deposit).toBe('50.01');
    expect(next.balance).toBe('50');
  });

  it('a new deposit or progress sets balance to cost − deposit − progress', () => {
    const afterDeposit = applyAmountChange(start, 'deposit', '3000', 'ADU Design');
    expect(afterDeposit).toEqual({
      cost: '10000',
      deposit: '3000',
      progress: '0',
      balance: '7000',
    });
    expect(applyAmountChange(afterDeposit, 'progress', '2000', 'ADU Design').balance).toBe('5000');
  });

  it('an emptied deposit counts as 0 for the balance and keeps the empty input', () => {
    expect(applyAmountChange(start, 'deposit', '', undefined)).toEqual({
      ...start,
      deposit: '',
      balance: '10000',
    });
  });
});

describe('formatPhoneNumber (spec 2 §5)', () => {
  it.each([
    ['4155550123', '+14155550123'],
    ['(415) 555-0123', '+14155550123'],
    ['+1 415 555 0123', '+14155550123'],
    ['1-415-555-0123', '+14155550123'],
    ['+1415555012399', '+14155550123'],
    ['4', '+14'],
    ['+1', ''],
    ['', ''],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatPhoneNumber(input)).toBe(expected);
  });

  it('never exceeds 12 characters', () => {
    expect(formatPhoneNumber('98765432109876543210')).toHaveLength(12);
  });

  it('completeness is +1 and ten digits', () => {
    expect(isCompletePhoneNumber('+14155550123')).toBe(true);
    expect(isCompletePhoneNumber('+1415555012')).toBe(false);
  });
});

describe('splitSiteAddress (spec 2 §5)', () => {
  it('splits street, city, two-letter state and five-digit zip', () => {
    expect(splitSiteAddress('1420 Alameda Ave, San Jose, CA 95126')).toEqual({
      site_address: '1420 Alameda Ave',
      city: 'San Jose',
      state: 'CA',
      zipcode: '95126',
    });
  });

  it('keeps commas inside the street and drops a country and a ZIP+4 suffix', () => {
    expect(splitSiteAddress('88 Sunset Blvd, Unit 4, Los Angeles, ca, 90028-1234, USA')).toEqual({
      site_address: '88 Sunset Blvd, Unit 4',
      city: 'Los Angeles',
      state: 'CA',
      zipcode: '90028',
    });
  });

  it.each([
    '12 Main St',
    '12 Main St, Springfield, California 12345',
    '12 Main St, Oakland, CA 946',
  ])('text that does not fit (%j) goes whole into the site address', (text) => {
    expect(splitSiteAddress(text)).toEqual({
      site_address: text,
      city: '',
      state: '',
      zipcode: '',
    });
  });
});

describe('full-name choices (spec 2 §2.1)', () => {
  const options = fullNameOptionsFrom([
    {
      firstname: 'Maria',
      middlename: 'L.',
      lastname: 'Chen',
      email: 'maria@example.com',
      phone: '(415) 555-0101',
    },
    { firstname: 'Tom', lastname: 'Ruiz', email: 'tom@example.com', phone: null },
  ]);

  it('lists each signatory with full name, e-mail and formatted phone', () => {
    expect(options).toEqual([
      { name: 'Maria L. Chen', email: 'maria@example.com', phone: '+14155550101' },
      { name: 'Tom Ruiz', email: 'tom@example.com', phone: '' },
    ]);
  });

  it('choosing a signatory fills name, e-mail and phone', () => {
    expect(signatoryFieldsFor('Maria L. Chen', options)).toEqual({
      full_name: 'Maria L. Chen',
      email: 'maria@example.com',
      contact_number: '+14155550101',
    });
  });

  it("'Add New Contact' clears e-mail and phone", () => {
    expect(signatoryFieldsFor(ADD_NEW_CONTACT, options)).toEqual({
      full_name: '',
      email: '',
      contact_number: '',
    });
  });
});

describe('contractFormErrors (spec 2 §5)', () => {
  const valid = { cost: '10000', deposit: '5000', progress: '0', csm_email: 'csm@firm.com' };

  it('a valid form has no errors', () => {
    expect(contractFormErrors(valid)).toEqual([]);
  });

  it.each([
    [{ deposit: '0' }, 'Deposit must be a number greater than 0.'],
    [{ deposit: 'abc' }, 'Deposit must be a number greater than 0.'],
    [{ cost: '' }, 'Cost must be a number greater than 0.'],
    [{ cost: '-5' }, 'Cost must be a number greater than 0.'],
    [{ csm_email: ' ' }, 'CSM email is required.'],
    [
      { deposit: '8000', progress: '3000' },
      'Deposit and progress payment together must not exceed the cost.',
    ],
  ])('%j → %s', (change, message) => {
    expect(contractFormErrors({ ...valid, ...change })).toEqual([message]);
  });
});

describe('basic-services rule of the editor (spec 2 §5)', () => {
  const flagged = { serviceName: 'Drafting Services', changeBasicServices: true };

  it('an unchanged text of a flagged service blocks the save with the spec message', () => {
    expect(basicServicesSaveBlock(flagged, '<p>Draft plans.</p>', 'Draft  plans.')).toBe(
      'Please update the Basic Engineer Services for Drafting Services to proceed',
    );
  });

  it('a changed text, or a service without the flag, may be saved', () => {
    expect(basicServicesSaveBlock(flagged, 'Draft plans.', 'Draft plans for the ADU.')).toBeNull();
    expect(
      basicServicesSaveBlock({ ...flagged, changeBasicServices: false }, 'same', 'same'),
    ).toBeNull();
  });
});

describe('contact check of the missing-properties modal (spec 2 §5)', () => {
  it('tells whether the contact will be associated or created', () => {
    expect(contactCheckMessage('a@b.com', 1)).toMatch(/already exists and will be associated/);
    expect(contactCheckMessage('a@b.com', 0)).toMatch(/a new contact will be created/);
  });
});

describe('clause texts reused by the form (spec 2 §5)', () => {
  it('the amounts an Inspection cost produces give a full-payment clause', () => {
    const amounts = applyAmountChange(start, 'cost', '950', 'Inspection');
    expect(
      paymentClauseText({ cost: 950, deposit: Number(amounts.deposit), progress: 0, balance: 0 }),
    ).toContain('Full payment of $950.00 is due upon signing');
  });

  it('Title 24 clause text', () => {
    expect(title24ClauseText(2)).toBe('The Engineer shall also provide 2 Title 24 report(s).');
  });
});
