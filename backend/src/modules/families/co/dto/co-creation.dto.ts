import {
  CHANGE_ORDER_LABELS,
  type ChangeOrderLabel,
  type CoContractInput,
  type CoCreateContractRequest,
  type CoSendContractRequest,
  type CoSendCopyRequest,
  type CoTemplateFields,
  type CoTemplateUpdateRequest,
  type SigningOrder,
} from '@prosign/domain';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  registerDecorator,
} from 'class-validator';
import { IsStringRecord } from '../../../../platform/validation/string-record';
import {
  AdditionalSignerDto,
  AdditionalSignersField,
  CountersignerDto,
  CountersignerField,
  SigningOrderField,
  RequireEmailCodeField,
} from '../../../documents';

const TEXT = 500;
const LONG_TEXT = 20_000;
const RECORD_ID = /^\d{1,30}$/;

/** A number or a short text, as the money inputs send it; the domain's rules read its value. */
function IsMoneyInput() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isMoneyInput',
      target: target.constructor,
      propertyName,
      options: { message: `${propertyName} must be a number` },
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'number' && Number.isFinite(value)) ||
          (typeof value === 'string' && value.length <= 50),
      },
    });
}

/**
 * The CO form's shape; what each value must be (required fields, fee and
 * split, the label) is checked by the domain's `coContractErrors` in the
 * service, so the screen and the server say the same words.
 */
class CoContractInputDto implements CoContractInput {
  @IsString()
  @IsNotEmpty({ message: 'templateId is required' })
  @MaxLength(100)
  templateId: string;

  @Matches(RECORD_ID, { message: 'deal_id must be a CRM record id' }) deal_id: string;
  @IsString() @MaxLength(TEXT) project_id: string;
  @IsString() @MaxLength(TEXT) project_address: string;
  @IsString() @MaxLength(TEXT) signatory_name: string;
  @IsString() @MaxLength(TEXT) signatory_email: string;
  @IsOptional() @IsString() @MaxLength(TEXT) signatory_phone?: string;
  @IsString() @MaxLength(LONG_TEXT) description: string;

  @IsMoneyInput() fee: number | string;

  @IsString() @MaxLength(TEXT) payment_terms: string;
  @IsOptional() @IsMoneyInput() firstPayment?: number | string;
  @IsOptional() @IsMoneyInput() secondPayment?: number | string;
  @IsOptional() @IsString() @MaxLength(LONG_TEXT) specifications_provisions?: string;
  @IsOptional() @IsString() @MaxLength(50) main_contract_signed_date?: string | null;
  @IsString() @MaxLength(TEXT) csm_email: string;
  @IsOptional() @IsString() @MaxLength(TEXT) pm_email?: string;

  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(TEXT, { each: true })
  cc_emails: string[];

  @IsOptional()
  @IsIn(CHANGE_ORDER_LABELS, {
    message: `associationLabel must be one of ${CHANGE_ORDER_LABELS.join(', ')}`,
  })
  associationLabel?: ChangeOrderLabel | null;

  @IsOptional()
  @Matches(RECORD_ID, { message: 'selectedHSSignatoryId must be a CRM record id' })
  selectedHSSignatoryId?: string | null;
  @IsOptional()
  @Matches(RECORD_ID, { message: 'selectedHSProjectId must be a CRM record id' })
  selectedHSProjectId?: string | null;
  @IsOptional()
  @Matches(RECORD_ID, { message: 'duplicateDealId must be a CRM record id' })
  duplicateDealId?: string | null;

  @IsOptional()
  @IsStringRecord(LONG_TEXT)
  templateFields?: CoTemplateFields;

  /**
   * Signers besides the signatory, on the document (one signature block each)
   * and on the send (each their own link, in `signing_order`).
   */
  @AdditionalSignersField() additional_signers?: AdditionalSignerDto[];
  @SigningOrderField() signing_order?: SigningOrder;
  /** The staff member who countersigns for the firm after every signer. */
  @CountersignerField() countersigner?: CountersignerDto | null;
  @RequireEmailCodeField() require_email_code?: boolean;
}

export class CoCreateContractDto extends CoContractInputDto implements CoCreateContractRequest {
  @IsOptional() @IsString() @MaxLength(2000) docLink?: string | null;
}

export class CoSendContractDto extends CoContractInputDto implements CoSendContractRequest {
  @IsString() @IsNotEmpty({ message: 'docLink is required' }) @MaxLength(2000) docLink: string;
  @IsOptional() @IsString() @MaxLength(100) replacesId?: string | null;
}

export class CoSendCopyDto implements CoSendCopyRequest {
  @IsString() @IsNotEmpty({ message: 'docLink is required' }) @MaxLength(2000) docLink: string;
}

export class CoTemplateUpdateDto implements CoTemplateUpdateRequest {
  @IsStringRecord(LONG_TEXT, { message: 'templateFields must map template texts to texts' })
  templateFields: CoTemplateFields;
}

export class CoTemplateParams {
  @IsString() @IsNotEmpty() @MaxLength(100) id: string;
}
