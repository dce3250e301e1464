import { IsEmail, IsIn, IsOptional, IsString, Length } from 'class-validator';
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
}
