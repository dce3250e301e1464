import { IsString, Matches } from 'class-validator';

export class WebhookInboxName {
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'name must be 1 to 64 letters, digits, _ or -' })
  name: string;
}
