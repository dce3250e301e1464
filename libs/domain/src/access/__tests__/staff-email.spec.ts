import {
  EMAIL_REQUIRED_MESSAGE,
  emailLocalPart,
  isCompanyEmail,
  isValidEmailDomain,
  staffDisplayName,
  staffEmailFromUserName,
} from '../staff-email';

const DOMAIN = 'prosign.example';

describe('staffEmailFromUserName', () => {
  it('appends the company domain to a user name, trimmed and lower-cased', () => {
    expect(staffEmailFromUserName('  Jane.Doe ', DOMAIN)).toEqual({
      ok: true,
      email: 'jane.doe@prosign.example',
    });
  });

  it('accepts a full address in the company domain', () => {
    expect(staffEmailFromUserName('jane@ProSign.example', DOMAIN)).toEqual({
      ok: true,
      email: 'jane@prosign.example',
    });
  });

  it.each(['', '   ', '@prosign.example'])('requires a user name (%p)', (input) => {
    expect(staffEmailFromUserName(input, DOMAIN)).toEqual({
      ok: false,
      message: EMAIL_REQUIRED_MESSAGE,
    });
  });

  it('refuses an address in another domain', () => {
    const result = staffEmailFromUserName('jane@gmail.com', DOMAIN);
    expect(result).toEqual({
      ok: false,
      message: 'Only @prosign.example addresses can be used. Type just the user name.',
    });
  });

  it.each(['jane doe', '.jane', 'jane.', 'ja..ne', 'jane<script>', 'a'.repeat(65)])(
    'refuses the malformed user name %p',
    (input) => {
      const result = staffEmailFromUserName(input, DOMAIN);
      expect(result.ok).toBe(false);
    },
  );

  it.each(['j', 'jane_doe', 'jane+ops', 'j-d.2'])('accepts %p', (input) => {
    expect(staffEmailFromUserName(input, DOMAIN).ok).toBe(true);
  });
});

describe('isCompanyEmail', () => {
  it('is true only for a full, well-formed address in the domain', () => {
    expect(isCompanyEmail('jane@prosign.example', DOMAIN)).toBe(true);
    expect(isCompanyEmail('jane', DOMAIN)).toBe(false);
    expect(isCompanyEmail('jane@other.example', DOMAIN)).toBe(false);
    expect(isCompanyEmail('Jane@prosign.example', DOMAIN)).toBe(true);
  });
});

describe('emailLocalPart and isValidEmailDomain', () => {
  it('splits an address and checks domains', () => {
    expect(emailLocalPart('jane@prosign.example')).toBe('jane');
    expect(isValidEmailDomain('prosign.example')).toBe(true);
    expect(isValidEmailDomain('mail.firm.co.uk')).toBe(true);
    expect(isValidEmailDomain('localhost')).toBe(false);
    expect(isValidEmailDomain('bad_domain.com')).toBe(false);
  });
});

describe('staffDisplayName', () => {
  it('makes a name of the user name, never showing the address', () => {
    expect(staffDisplayName('jane.doe@prosign.example')).toBe('Jane Doe');
    expect(staffDisplayName('MARK_o-neil+ops@prosign.example')).toBe('Mark O Neil');
    expect(staffDisplayName('csm@prosign.example')).toBe('Csm');
    expect(staffDisplayName('123@prosign.example')).toBe('ProSign staff');
    expect(staffDisplayName('jane.doe@prosign.example')).not.toContain('@');
  });
});
