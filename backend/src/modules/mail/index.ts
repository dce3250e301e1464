/**
 * Mail (queued, recorded deliveries): what other modules may use;
 * the rest of this directory is internal. Other modules import only this file or
 * its *.module files (tools/eslint/module-boundaries.cjs).
 */
export { MailService, type MailDeliverySummary } from './mail.service';
export type { MailTemplate } from './mail-templates';
export {
  AGREEMENT_MAIL_NOTES,
  type AgreementMailNotes,
  type StoredMailPending,
  type StoredMailProblem,
} from './agreement-mail-notes.port';
export { MailDeliveryRepository } from './mail-delivery.repository';
