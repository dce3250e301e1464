import { BadRequestException } from '@nestjs/common';
import type { SendSignersRequest, SigningOrder } from '@prosign/domain';
import { plainToInstance } from 'class-transformer';
import {
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  validate,
  type ValidationError,
} from 'class-validator';
import {
  AdditionalSignerDto,
  AdditionalSignersField,
  CountersignerDto,
  CountersignerField,
  RequireEmailCodeField,
  SigningOrderField,
} from '../documents';

/** The signer fields of a creation or send, as the SOW and CO sends accept them. */
class SignersEnvelopeDto implements SendSignersRequest {
  @AdditionalSignersField() additional_signers?: AdditionalSignerDto[];
  @SigningOrderField() signing_order?: SigningOrder;
  @CountersignerField() countersigner?: CountersignerDto | null;
  @RequireEmailCodeField() require_email_code?: boolean;
}

/** `POST /api/{prefix}/send-contract`: besides the form, its document and what it replaces. */
class SendEnvelopeDto extends SignersEnvelopeDto {
  @IsString() @IsNotEmpty({ message: 'docLink is required' }) @MaxLength(2000) docLink: string;
  @IsOptional() @IsString() @MaxLength(100) replacesId?: string | null;
}

/** `POST /api/{prefix}/send-contract-cc` */
export class FamilySendCopyDto {
  @IsString() @IsNotEmpty({ message: 'docLink is required' }) @MaxLength(2000) docLink: string;
}

const SIGNER_KEYS = [
  'additional_signers',
  'signing_order',
  'countersigner',
  'require_email_code',
] as const;
const SEND_KEYS = [...SIGNER_KEYS, 'docLink', 'replacesId'] as const;

export type CreateEnvelope = SendSignersRequest;
export type SendEnvelope = SendSignersRequest & { docLink: string; replacesId?: string | null };

/**
 * A generic creation's body split in two: the envelope (signers; on a send the document
 * and what it replaces), checked here like any DTO, and the family's form, whatever
 * its fields, which the family's `formOf` checks. The body is taken raw (the global
 * pipe would refuse the form's fields, which no DTO here declares).
 */
export async function createBodyOf(
  body: unknown,
): Promise<{ envelope: CreateEnvelope; input: Record<string, unknown> }> {
  return split(body, SIGNER_KEYS, SignersEnvelopeDto);
}

export async function sendBodyOf(
  body: unknown,
): Promise<{ envelope: SendEnvelope; input: Record<string, unknown> }> {
  return split(body, SEND_KEYS, SendEnvelopeDto);
}

async function split<T extends object>(
  body: unknown,
  keys: readonly string[],
  envelopeClass: new () => T,
): Promise<{ envelope: T; input: Record<string, unknown> }> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequestException('The body must be a JSON object.');
  }
  const input: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    (keys.includes(key) ? fields : input)[key] = value;
  }
  const envelope = plainToInstance(envelopeClass, fields);
  const errors = await validate(envelope, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length) throw new BadRequestException(messagesOf(errors));
  return { envelope, input };
}

function messagesOf(errors: readonly ValidationError[]): string[] {
  return errors.flatMap((error) => [
    ...Object.values(error.constraints ?? {}),
    ...messagesOf(error.children ?? []),
  ]);
}
