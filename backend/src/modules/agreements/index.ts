/**
 * The agreement core: what the contract families and signing use; the rest of this
 * directory is internal. Other modules import only this file or its *.module files
 * (tools/eslint/module-boundaries.cjs). Plain files first, services last.
 */
export { Agreement, StepProgress, type AgreementDocument } from './agreement.schema';
export type { EventInput } from './event-chain';
export {
  allFamilyConfigs,
  familyConfig,
  registerAgreementFamily,
  unregisterAgreementFamily,
  type AgreementFamilyRegistration,
  type FamilyCreation,
  type FieldError,
  type LinkedAgreement,
} from './agreement-family';
export {
  recipientChange,
  recipientProgressOf,
  recipientsOf,
  type RecipientSource,
  type StoredRecipient,
} from './agreement-recipients';
export { agreementMailKey } from './agreement-mail-keys';
export { agreementExpiresAt } from './agreement-expiry';
export { countersignRequestMail } from './countersign-mail';
export { STANDARD_CLAUSE_FIELDS, type StandardContractForm } from './families/standard.family';
export { type SowContractForm } from './families/sow.family';
export { type ChangeOrderForm } from './families/co.family';
export { type DocumentForm } from './families/document.family';
export {
  httpErrorDetail,
  isGivenUp,
  StepFailedError,
  StepRunner,
  StepRunnerBusyError,
  type StepPlan,
  type TakenLease,
} from './step-runner';
export { AgreementRepository } from './agreement.repository';
export { AgreementLinkRepository, newLinkToken } from './agreement-links.repository';
export { AgreementRecordCreationRepository } from './agreement-record-creation.repository';
export { AgreementEventRepository, type AgreementWrite } from './agreement-events.repository';
export {
  AgreementInsightsRepository,
  type DayRange,
  type InsightScope,
  inScope,
} from './agreement-insights.repository';
export { dayOfTotal, weekOfTotal, type InsightTotal } from './agreement-insight-totals';
export type { AgreementInsightFacts } from './agreement-insight-facts';
export { AgreementAnnouncer } from './agreement-announcer';
export { AgreementPresenceRepository } from './agreement-presence.repository';
export { EmailCodeDefaultsRepository } from './email-code-defaults.repository';
export { AgreementSendSteps } from './agreement-send-steps';
export {
  AgreementSendService,
  COUNTERSIGNER_MESSAGES,
  sendResultOf,
  type SendActor,
} from './agreement-send.service';
export {
  AgreementCreationService,
  assertPlaceholdersKept,
  type CreationSendResult,
  fieldErrorsException,
  sectionOverridesOf,
} from './agreement-creation.service';
export { AgreementCrmEvents } from './agreement-crm-events';
export { AgreementLifecycleService } from './agreement-lifecycle.service';
export { SYSTEM_ACTOR } from './lifecycle-actor';
export { AgreementHandoverService } from './agreement-handover.service';
export { HandoverDto } from './dto/handover.dto';
export { agreementLifecycleController } from './agreement-lifecycle.controller';
