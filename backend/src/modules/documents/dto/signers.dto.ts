import { applyDecorators, BadRequestException } from '@nestjs/common';
import {
  checkRecipientList,
  nameFromStaffEmail,
  sendRecipientInputs,
  SIGNING_ORDERS,
  COUNTERSIGNER_RECIPIENT_ID,
  signerRecipientId,
  SINGLE_SIGNER_RECIPIENT_ID,
  type AdditionalSigner,
  type CountersignerInput,
  type SendSignersRequest,
} from '@prosign/domain';
import type { SignatureParties } from '../../../integrations/documents';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

/** One signer besides the form's own; the recipient-list check gives the messages. */
export class AdditionalSignerDto implements AdditionalSigner {
  @IsString({ message: 'Enter the signer’s name.' }) @MaxLength(200) name: string;
  @IsString({ message: 'Enter a valid e-mail address.' }) @MaxLength(254) email: string;
  @IsOptional() @IsString() @MaxLength(40) phone?: string | null;
}

/** The firm's countersigner: a listed staff user's e-mail, the printed name and title optional. */
export class CountersignerDto implements CountersignerInput {
  @IsString({ message: 'Choose the staff member who countersigns.' })
  @MaxLength(254)
  email: string;
  @IsOptional() @IsString() @MaxLength(200) name?: string | null;
  @IsOptional() @IsString() @MaxLength(120) title?: string | null;
}

/** `countersigner` of a send: the staff member who signs for the firm after the clients. */
export const CountersignerField = () =>
  applyDecorators(
    IsOptional(),
    IsObject({ message: 'countersigner must name a staff member' }),
    ValidateNested(),
    Type(() => CountersignerDto),
  );

/** `additional_signers` of a send: signers besides the form's own, in signing order. */
export const AdditionalSignersField = () =>
  applyDecorators(
    IsOptional(),
    IsArray(),
    ArrayMaxSize(9, { message: 'At most 10 signers can sign one agreement.' }),
    ValidateNested({ each: true }),
    Type(() => AdditionalSignerDto),
  );

/** `require_email_code` of a send: a code mailed to each signer; absent: the family's default. */
export const RequireEmailCodeField = () =>
  applyDecorators(IsOptional(), IsBoolean({ message: 'require_email_code must be true or false' }));

/** `signing_order` of a send: everyone at once or one after the other (the default). */
export const SigningOrderField = () =>
  applyDecorators(
    IsOptional(),
    IsIn(SIGNING_ORDERS, { message: 'signing_order must be parallel or sequential' }),
  );

/** The send's `signers` from a request's signer fields; none with one signer and no countersigner. */
export function signersOf(input: SendSignersRequest) {
  const additional = input.additional_signers ?? [];
  const countersigner = input.countersigner ?? null;
  return additional.length || countersigner
    ? { additional, order: input.signing_order ?? ('sequential' as const), countersigner }
    : null;
}

/**
 * The signature blocks a document needs for its signers: the form's own first, then the
 * additional ones, with the ids their recipients get on the send (signer-1, signer-2…);
 * none (the template's one client block) without additional signers.
 */
export function signatureSignersOf(
  first: { name: string; email: string },
  input: SendSignersRequest,
): SignatureParties | undefined {
  const additional = input.additional_signers ?? [];
  const countersigner = input.countersigner ?? null;
  if (additional.length === 0 && !countersigner) return undefined;
  // The send checks the same list (with the copies); a document is refused as early.
  const check = checkRecipientList(
    sendRecipientInputs(first, additional, 'parallel', [], countersigner),
  );
  if (!check.ok) throw new BadRequestException(check.errors.map((error) => error.message));
  return {
    signers: [
      { recipientId: SINGLE_SIGNER_RECIPIENT_ID, name: first.name },
      ...additional.map((signer, index) => ({
        recipientId: signerRecipientId(index + 2),
        name: signer.name.trim(),
      })),
    ],
    ...(countersigner
      ? {
          countersigner: {
            recipientId: COUNTERSIGNER_RECIPIENT_ID,
            name: countersigner.name?.trim() || nameFromStaffEmail(countersigner.email),
            ...(countersigner.title?.trim() ? { title: countersigner.title.trim() } : {}),
          },
        }
      : {}),
  };
}
