/**
 * The creation screens' drafts in local storage (spec 3 §3 "Local storage
 * keys"): the chosen contact (`selectedCpData`, `selectedSignatoryData`) and
 * the Edit and Resend data the dashboards leave (`editAndResend…`). One reader
 * and writer for /sow and /co; an unreadable entry reads as none.
 */
export function readDraft(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** Keeps a draft, or forgets it when `value` is null. */
export function writeDraft(key: string, value: unknown) {
  if (value === null || value === undefined) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, JSON.stringify(value));
}

export function clearDrafts(...keys: string[]) {
  for (const key of keys) window.localStorage.removeItem(key);
}

/** A stored value as text ('' for none). */
export const draftText = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

/** A stored list (an array, or a comma-separated text) as trimmed, non-empty texts. */
export const draftList = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(draftText) : draftText(value).split(','))
    .map((item) => item.trim())
    .filter(Boolean);
