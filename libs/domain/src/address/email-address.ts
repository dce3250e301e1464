/** A plain e-mail address check (one @, a dot in the domain, no spaces): every form's rule. */
export function isEmailAddress(value: string | null | undefined): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(value ?? '').trim());
}
