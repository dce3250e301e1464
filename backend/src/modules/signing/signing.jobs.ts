/** Jobs of the `signing` queue. */
export const SigningJob = {
  /** Scheduled: continues finishes whose runner vanished (api crash half-way). */
  ResumeFinishes: 'resume-finishes',
} as const;
export type SigningJobName = (typeof SigningJob)[keyof typeof SigningJob];

/** The resume schedule's id (one scheduler per queue, so it fires once across workers). */
export const RESUME_FINISHES_SCHEDULER = 'signing.resume-finishes';
export const RESUME_FINISHES_EVERY_MS = 60_000;
