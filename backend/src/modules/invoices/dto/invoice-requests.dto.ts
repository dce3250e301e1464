import {
  INVOICE_STATUSES,
  INVOICE_TYPES,
  type InvoiceStatus,
  type InvoiceType,
  type SendInvoiceRequest,
  type UpdateInvoiceStatusRequest,
} from '@prosign/domain';
import {
  IsBoolean,
  IsIn,
  IsMongoId,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

/** PUT /api/invoice/update-status (spec 3 §7). */
export class UpdateInvoiceStatusDto implements UpdateInvoiceStatusRequest {
  @IsMongoId({ message: 'userId must be the id of a listed contract' })
  userId: string;

  @IsIn(INVOICE_TYPES, { message: `type must be one of: ${INVOICE_TYPES.join(', ')}` })
  type: InvoiceType;

  @IsIn(INVOICE_STATUSES, { message: `status must be one of: ${INVOICE_STATUSES.join(', ')}` })
  status: InvoiceStatus;

  /** Partially paid: what was paid so far, in dollars. */
  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'paidAmount must be an amount in dollars (at most 2 decimals)' },
  )
  @Min(0, { message: 'paidAmount must not be negative' })
  @Max(1_000_000_000, { message: 'paidAmount is too large' })
  paidAmount?: number;
}

/** POST /api/template/send-{type}-invoice (spec 3 §7). */
export class SendInvoiceDto implements SendInvoiceRequest {
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;

  @IsOptional()
  @IsBoolean({ message: 'isReminder must be true or false' })
  isReminder?: boolean;
}

/** The path's `{type}`: checked by the service, so an unknown one gets a clear message. */
export class InvoiceTypeParam {
  @IsString()
  @MaxLength(40)
  type: string;
}

/** `GET /api/template/download-{type}-pdf/{token}` */
export class InvoicePdfParams extends InvoiceTypeParam {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;
}
