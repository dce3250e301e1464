import type { AuditAttachment, PlacedFieldValues } from '../../integrations/documents';
import type { AgreementDocument } from '../agreements';

/**
 * What a family whose signers fill fields of their own (the "document" family's uploaded PDFs)
 * gives the signer core, provided by that family's module (a higher layer) under
 * SIGNER_FIELD_VALUES: the finish asks it before a signer finishes and when their signature
 * is placed. Absent, or answering nothing for a family, the core finishes as before.
 */
export interface SignerFieldValues {
  /** Why `recipientId` may not finish yet (each required field left undone, named); empty when they may. */
  finishProblems(agreement: AgreementDocument<object>, recipientId: string): Promise<string[]>;
  /**
   * The values that go with `recipientId`'s signature (the countersigner's are stamped from
   * the countersignature); null for an agreement without fields.
   */
  valuesOf(
    agreement: AgreementDocument<object>,
    recipientId: string,
    who: { name: string; email: string },
  ): Promise<PlacedFieldValues | null>;
  /**
   * The files the recipients attached, as placed with their signatures (in signing order):
   * what the certificate lists and a linked CRM deal files.
   */
  attachmentsOf(agreement: AgreementDocument<object>): Promise<SignerAttachment[]>;
}

/** An attachment as the certificate lists it, with where its bytes are (the document store). */
export interface SignerAttachment extends AuditAttachment {
  fileId: string;
  /** Its MIME type, by its content. */
  type: string;
}

/** Injection token of the (optional) SignerFieldValues. */
export const SIGNER_FIELD_VALUES = Symbol('SIGNER_FIELD_VALUES');
