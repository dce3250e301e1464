/** Jobs of the `signing` queue. */
export const SigningJob = {
  /** Scheduled: continues finishes whose runner vanished (api crash half-way). */
  ResumeFinishes: 'resume-finishes',
  /**
   * The sealing of an agreement whose last signature is in (placing the signature, the audit
   * trail, the sealed PDF, the signed copies, the CRM move): the signer does not wait for it.
   */
  SealAgreement: 'seal-agreement',
} as const;
export type SigningJobName = (typeof SigningJob)[keyof typeof SigningJob];

/** The resume schedule's id (one scheduler per queue, so it fires once across workers). */
export const RESUME_FINISHES_SCHEDULER = 'signing.resume-finishes';
export const RESUME_FINISHES_EVERY_MS = 60_000;

/** What a seal job carries: the agreement, and the lease its finish's claim took (if any). */
export interface SealAgreementJobData {
  agreementId: string;
  /** The runner the claim recorded: the job runs under that lease, with no write to take it. */
  runner: string | null;
  /** When that lease was taken (ms since the epoch). */
  leaseTakenAt: number | null;
}

/** One seal job per agreement (no token in it): a repeated finish queues nothing more. */
export function sealAgreementJobId(agreementId: string): string {
  return `seal.${agreementId}`;
}
