import { applyDecorators, BadRequestException } from '@nestjs/common';
import {
  checkRecipientList,
  sendRecipientInputs,
  SIGNING_ORDERS,
  signerRecipientId,
  SINGLE_SIGNER_RECIPIENT_ID,
  type AdditionalSigner,
  type SendSignersRequest,
} from '@prosign/domain';
import type { SignatureParties } from '../../../integrations/documents';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

/** One signer besides the form's own (issue 34); the recipient-list check gives the messages. */
export class AdditionalSignerDto implements AdditionalSigner {
  @IsString({ message: 'Enter the signer’s name.' }) @MaxLength(200) name: string;
  @IsString({ message: 'Enter a valid e-mail address.' }) @MaxLength(254) email: string;
  @IsOptional() @IsString() @MaxLength(40) phone?: string | null;
}

/** `additional_signers` of a send: signers besides the form's own, in signing order. */
export const AdditionalSignersField = () =>
  applyDecorators(
    IsOptional(),
    IsArray(),
    ArrayMaxSize(9, { message: 'At most 10 signers can sign one agreement.' }),
    ValidateNested({ each: true }),
    Type(() => AdditionalSignerDto),
  );

/** `signing_order` of a send: everyone at once or one after the other (the default). */
export const SigningOrderField = () =>
  applyDecorators(
    IsOptional(),
    IsIn(SIGNING_ORDERS, { message: 'signing_order must be parallel or sequential' }),
  );

/** The send's `signers` from a request's signer fields; none without additional signers. */
export function signersOf(input: SendSignersRequest) {
  const additional = input.additional_signers ?? [];
  return additional.length
    ? { additional, order: input.signing_order ?? ('sequential' as const) }
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
  if (additional.length === 0) return undefined;
  // The send checks the same list (with the copies); a document is refused as early.
  const check = checkRecipientList(sendRecipientInputs(first, additional, 'parallel'));
  if (!check.ok) throw new BadRequestException(check.errors.map((error) => error.message));
  return {
    signers: [
      { recipientId: SINGLE_SIGNER_RECIPIENT_ID, name: first.name },
      ...additional.map((signer, index) => ({
        recipientId: signerRecipientId(index + 2),
        name: signer.name.trim(),
      })),
    ],
  };
}
