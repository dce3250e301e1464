import {
  checkDealProperties,
  CLIENT_SIGNATORY_ROLE,
  CP_ROLES,
  extractCrmRecordId,
  isBlacklistedPartner,
  joinMultiValue,
  nextChangeOrderLabel,
  splitMultiValue,
} from '../crm-rules';

describe('extractCrmRecordId', () => {
  it.each([
    ['1234567', '1234567'],
    ['  42 ', '42'],
    ['https://app.hubspot.com/contacts/2345/record/0-3/987654321', '987654321'],
    ['https://app.hubspot.com/contacts/2345/record/0-3/987654321/view/1', '987654321'],
    ['https://app.hubspot.com/contacts/2345/record/2-11223344/5566?tab=1', '5566'],
    ['https://app.hubspot.com/contacts/2345/deal/777', '777'],
  ])('reads %s as %s', (input, id) => {
    expect(extractCrmRecordId(input)).toBe(id);
  });

  it.each(['12 Main St', 'https://example.com/record/abc', '', 'record/0-3/'])(
    'finds no id in %p',
    (input) => {
      expect(extractCrmRecordId(input)).toBeNull();
    },
  );
});

describe('checkDealProperties', () => {
  const signatory = { id: '1', roles: [CLIENT_SIGNATORY_ROLE] };

  it('passes a deal with a project type and a client signatory', () => {
    expect(checkDealProperties({ project_type: 'ADU' }, [signatory])).toEqual({
      isValid: true,
      missingProperties: [],
      contactsWithInvalidRoles: [],
    });
  });

  it('names a blank project type and a missing client signatory', () => {
    const result = checkDealProperties({ project_type: '  ' }, [{ id: '2', roles: ['Architect'] }]);
    expect(result.isValid).toBe(false);
    expect(result.missingProperties).toEqual(['project_type', 'client_signatory']);
  });

  it('lists contacts without a valid role', () => {
    const stray = { id: '3', email: 'x@example.com', roles: ['Neighbour'] };
    const result = checkDealProperties({ project_type: 'ADU' }, [signatory, stray]);
    expect(result.isValid).toBe(false);
    expect(result.missingProperties).toEqual([]);
    expect(result.contactsWithInvalidRoles).toEqual([stray]);
  });
});

describe('change-order labels', () => {
  it('gives the first free label, and none when all five are taken', () => {
    expect(nextChangeOrderLabel([])).toBe('Change Order 1');
    expect(nextChangeOrderLabel(['Change Order 1', 'Change Order 3'])).toBe('Change Order 2');
    expect(nextChangeOrderLabel([1, 2, 3, 4, 5].map((n) => `Change Order ${n}`))).toBeNull();
  });
});

describe('partners and multi values', () => {
  it('knows every CP role of spec 3 §9', () => {
    expect(CP_ROLES).toHaveLength(14);
    expect(CP_ROLES).toContain('s.o_cp');
  });

  it('recognises a blacklisted partner whatever the case', () => {
    expect(isBlacklistedPartner('blacklisted')).toBe(true);
    expect(isBlacklistedPartner('Good')).toBe(false);
    expect(isBlacklistedPartner(undefined)).toBe(false);
  });

  it('splits and joins ;-separated values without blanks or duplicates', () => {
    expect(splitMultiValue('eor_cp; designer_cp;;')).toEqual(['eor_cp', 'designer_cp']);
    expect(joinMultiValue(['eor_cp', 'eor_cp', ' t24_cp '])).toBe('eor_cp;t24_cp');
  });
});
