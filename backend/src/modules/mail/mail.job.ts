import { IsString, Length } from 'class-validator';

/** Job names of the `mail` queue. */
export const MailJob = {
  Send: 'send-mail',
  /** Scheduled: re-queues deliveries left without a live send job. */
  Sweep: 'sweep-deliveries',
} as const;
export type MailJobName = (typeof MailJob)[keyof typeof MailJob];

/** The sweep's scheduler id (one per queue, so it fires once across workers). */
export const MAIL_SWEEP_SCHEDULER = 'mail.sweep-deliveries';

export class SendMailJobData {
  @IsString()
  @Length(1, 300)
  deliveryId: string;
}
