/** A plain e-mail address check (one @, a dot in the domain, no spaces): every form's rule. */
export function isEmailAddress(value: string | null | undefined): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(value ?? '').trim());
}

/**
 * An address as two are compared: trimmed and in lower case, so "Ann@X.com " and ann@x.com
 * are one person (one person holds one place on an agreement).
 */
export function emailAddressKey(value: string): string {
  return value.trim().toLowerCase();
}

/** Whether `emails` hold `email`, compared by `emailAddressKey`. */
export function includesEmailAddress(emails: readonly string[], email: string): boolean {
  const key = emailAddressKey(email);
  return emails.some((other) => emailAddressKey(other) === key);
}
