/**
 * Staff e-mail addresses (spec 1 §2.3, §5): people type only their user name
 * (the local part); the fixed company domain is appended. The login page and
 * the add-user form use these rules, and the server applies the same ones.
 */
export const DEFAULT_COMPANY_EMAIL_DOMAIN = 'prosign.example';

export const EMAIL_REQUIRED_MESSAGE = 'Email is required.';

/** Letters, digits and . _ + - ; not starting or ending with a dot, no two dots in a row. */
const LOCAL_PART = /^(?!\.)(?!.*\.\.)[a-z0-9._+-]{1,64}(?<!\.)$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export type StaffEmailResult = { ok: true; email: string } | { ok: false; message: string };

export function isValidEmailDomain(domain: string): boolean {
  return DOMAIN.test(domain);
}

/**
 * The full address for what a person typed: a user name gets `@domain`; a
 * full address is accepted only in the company domain. Lower-cased, trimmed.
 */
export function staffEmailFromUserName(input: string, domain: string): StaffEmailResult {
  const typed = input.trim().toLowerCase();
  const companyDomain = domain.trim().toLowerCase();
  if (!typed) return { ok: false, message: EMAIL_REQUIRED_MESSAGE };
  let localPart = typed;
  const at = typed.indexOf('@');
  if (at !== -1) {
    if (typed.slice(at + 1) !== companyDomain) {
      return {
        ok: false,
        message: `Only @${companyDomain} addresses can be used. Type just the user name.`,
      };
    }
    localPart = typed.slice(0, at);
    if (!localPart) return { ok: false, message: EMAIL_REQUIRED_MESSAGE };
  }
  if (!LOCAL_PART.test(localPart)) {
    return {
      ok: false,
      message:
        'A user name may contain only letters, digits and . _ + - (not starting or ending with a dot).',
    };
  }
  return { ok: true, email: `${localPart}@${companyDomain}` };
}

/** Whether `email` is a well-formed address in the company domain. */
export function isCompanyEmail(email: string, domain: string): boolean {
  const result = staffEmailFromUserName(email, domain);
  return result.ok && result.email === email.trim().toLowerCase() && email.includes('@');
}

/** "jane.doe" of "jane.doe@prosign.example". */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

/**
 * A readable name for a staff member known only by address ("jane.doe+ops@…"
 * → "Jane Doe"): shown publicly where the address itself must not be.
 */
export function staffDisplayName(email: string): string {
  const words = emailLocalPart(email.trim())
    .replace(/\+.*$/, '')
    .split(/[._-]+/)
    .filter((word) => /[a-z]/i.test(word));
  if (words.length === 0) return 'ProSign staff';
  return words.map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase()).join(' ');
}
