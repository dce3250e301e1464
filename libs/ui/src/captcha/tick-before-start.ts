/**
 * A tick the visitor gave the robot check before the app ran: the signing
 * page's HTML shows the checkbox before its script has loaded (see
 * CaptchaStep), and a signer who ticks it then expects to go on, not to be
 * asked again. The standalone app names where to read it
 * (`readTickBeforeStart`); the first challenge rendered takes it once.
 */
let readTick: (() => boolean) | null = null;

/** Where the page's own checkbox is read, until the app renders the challenge. */
export function readTickBeforeStart(read: () => boolean): void {
  readTick = read;
}

/** Whether the visitor ticked the page's checkbox before the app ran (and it was not used yet). */
export function tickedBeforeStart(): boolean {
  return readTick?.() ?? false;
}

/** The tick has been answered (or refused): a later challenge asks afresh. */
export function forgetTickBeforeStart(): void {
  readTick = null;
}
