/**
 * Template placeholders (spec 1 §5): a dollar sign followed by letters or
 * underscores, e.g. `$full_name`. A dollar sign followed by a digit (`$1,200`)
 * is money, not a placeholder.
 */
const PLACEHOLDER = /\$([A-Za-z_]+)/g;

/** Placeholder names (without `$`) in order of first appearance, each once. */
export function placeholdersIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]);
  return [...names];
}

export interface FilledText {
  text: string;
  /** Placeholders that had no value and were left as `$name`. */
  missing: string[];
}

/**
 * Replaces every `$name` that has a value. One pass, so a value that itself
 * contains `$something` is never substituted again.
 */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string | undefined>>,
): FilledText {
  const missing = new Set<string>();
  const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    if (value === undefined) {
      missing.add(name);
      return whole;
    }
    return value;
  });
  return { text: filled, missing: [...missing] };
}

/**
 * Whether an edit keeps every placeholder of the previous text (spec 1 §5,
 * spec 3 §5): editing a field with placeholders must not drop any of them.
 */
export function keepsPlaceholders(previous: string, next: string): boolean {
  const kept = new Set(placeholdersIn(next));
  return placeholdersIn(previous).every((name) => kept.has(name));
}

/** The placeholders of `previous` that `next` no longer contains, in order of appearance. */
export function droppedPlaceholders(previous: string, next: string): string[] {
  const kept = new Set(placeholdersIn(next));
  return placeholdersIn(previous).filter((name) => !kept.has(name));
}

/**
 * The SOW template editor shows each placeholder with the value it will take,
 * as `<<$name:value>>` (spec 3 §5); before the text is saved or sent each is
 * reverted to `$name`, so the document fills it from the form.
 */
const PLACEHOLDER_PREVIEW = /<<\$([A-Za-z_]+):[\s\S]*?>>/g;

export function previewPlaceholders(
  text: string,
  values: Readonly<Record<string, string | undefined>>,
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    return value === undefined ? whole : `<<$${name}:${value.replace(/>>/g, '> >')}>>`;
  });
}

export function revertPlaceholderPreviews(text: string): string {
  return text.replace(PLACEHOLDER_PREVIEW, (_whole, name: string) => `$${name}`);
}
