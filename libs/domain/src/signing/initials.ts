/**
 * Initials from a full name (spec 1 §3): the first letter of each word,
 * upper-cased, each followed by a dot. "jane q. doe" → "J.Q.D."
 */
export function initialsFromFullName(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter((word) => word.length > 0)
    .map((word) => `${[...word][0].toLocaleUpperCase('en-US')}.`)
    .join('');
}
