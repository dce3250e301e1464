import { IsEmail, IsIn, IsOptional, IsString, IsUrl, Length, MaxLength } from 'class-validator';
import { PageQuery } from '../../../platform/validation/page-query.dto';
import { MAIL_DELIVERY_STATUSES, type MailDeliveryStatus } from '../mail-delivery.collection';

export class DeliveriesQuery extends PageQuery {
  @IsOptional()
  @IsIn(MAIL_DELIVERY_STATUSES, {
    message: `status must be one of: ${MAIL_DELIVERY_STATUSES.join(', ')}`,
  })
  status?: MailDeliveryStatus;
}

export class IdParam {
  @IsString()
  @Length(1, 300)
  id: string;
}

export class TestMailDto {
  @IsEmail({}, { message: 'to must be an e-mail address' })
  to: string;

  /** A link to put in the mail, to check that links in sent mail arrive clickable. */
  @IsOptional()
  @IsUrl(
    { require_protocol: true, require_tld: false, protocols: ['http', 'https'] },
    { message: 'link must be an http(s) URL' },
  )
  @MaxLength(2000, { message: 'link must be at most 2000 characters' })
  link?: string;
}
