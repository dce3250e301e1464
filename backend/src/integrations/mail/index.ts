/**
 * The mail port, the local mailbox reader and the local SMTP catcher (its own process,
 * main.mail-catcher.ts); the SMTP adapter and the catcher's storage are internal.
 * Others import only this file or mail.module.ts (tools/eslint/module-boundaries.cjs).
 */
export * from './mail.port';
export { CaughtMailService } from './caught-mail.service';
export { MailCatcher } from './mail-catcher';
