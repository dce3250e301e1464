import { IsString, Length } from 'class-validator';

/** Job names of the `mail` queue. */
export const MailJob = {
  Send: 'send-mail',
} as const;
export type MailJobName = (typeof MailJob)[keyof typeof MailJob];

export class SendMailJobData {
  @IsString()
  @Length(1, 300)
  deliveryId: string;
}
