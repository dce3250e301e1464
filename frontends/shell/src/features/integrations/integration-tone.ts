/** The tone of a state's badge on the integrations' pages (`.integration-badge--*` in integrations.css). */
export type IntegrationTone = 'ok' | 'warn' | 'off' | 'danger';

/** The classes of a badge in that tone. */
export function badgeClass(tone: IntegrationTone): string {
  return `integration-badge integration-badge--${tone}`;
}
