import { dealPropertiesFromContractForm, splitFullName } from './contract-form-to-deal';

describe('dealPropertiesFromContractForm', () => {
  it('maps amounts, address parts and project types to deal properties', () => {
    expect(
      dealPropertiesFromContractForm(
        {
          cost: '5000',
          deposit: '2500',
          progress: '0',
          balance: '2500',
          site_address: ' 1 Main St ',
          city: 'Oakland',
          state: 'CA',
          zipcode: '94610',
          project_type: ['ADU', 'Remodel', 'ADU'],
        },
        'deal_address',
      ),
    ).toEqual({
      amount: '5000',
      deposit_amount: '2500',
      progress_amount: '0',
      balance_amount: '2500',
      deal_address: '1 Main St',
      city: 'Oakland',
      state: 'CA',
      zip: '94610',
      project_type: 'ADU;Remodel',
    });
  });

  it('writes only what the form carries', () => {
    expect(dealPropertiesFromContractForm({ cost: '100', city: '  ' }, 'address')).toEqual({
      amount: '100',
    });
  });
});

describe('splitFullName', () => {
  it.each([
    ['Ada Lovelace', { firstname: 'Ada', lastname: 'Lovelace' }],
    ['Ada Q  Lovelace', { firstname: 'Ada Q', lastname: 'Lovelace' }],
    ['Cher', { firstname: 'Cher' }],
    ['', {}],
  ])('splits %p', (name, parts) => {
    expect(splitFullName(name)).toEqual(parts);
  });
});
