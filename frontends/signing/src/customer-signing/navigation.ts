/** Leaves the signing app for another site (kept apart so tests can observe it). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
