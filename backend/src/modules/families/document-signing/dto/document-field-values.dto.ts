import type { DocumentFieldValuesSave, FieldValue } from '@prosign/domain';
import { IsMongoId, IsObject, Matches } from 'class-validator';

/** `PUT /api/document/field-values/:customId`: each value's type is its field's question. */
export class DocumentFieldValuesDto implements DocumentFieldValuesSave {
  @IsObject({ message: 'values must be an object of field values by field id' })
  values: Record<string, FieldValue>;
}

/** `GET /api/document/attachments/:agreementId/:attachmentId` (staff). */
export class StaffAttachmentParams {
  @IsMongoId({ message: 'agreementId must be a document id' })
  agreementId: string;

  @Matches(/^[0-9a-f]{24}$/, { message: 'attachmentId must be an attachment id' })
  attachmentId: string;
}
