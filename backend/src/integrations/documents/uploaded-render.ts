import {
  type FillAttachment,
  fillPlacedFields,
  type RecipientFill,
} from './pdf/fill-placed-fields';
import type { DocumentRepository } from './store/document.repository';
import type {
  PlacedFieldValues,
  PlacedSignature,
  UploadedDocumentContent,
} from './store/document.schema';

/** What the recipients of an uploaded document placed: signatures and values by recipient id. */
interface UploadedPlacements {
  signatures: Record<string, PlacedSignature>;
  fieldValues: Record<string, PlacedFieldValues>;
}

/**
 * An uploaded document as it stands: the upload with the values of each recipient who
 * finished (their signature placed and their values kept with it) drawn in, and their
 * attachments embedded; the others' fields stay empty.
 */
export async function renderUploaded(
  documents: DocumentRepository,
  uploaded: UploadedDocumentContent,
  { signatures, fieldValues }: UploadedPlacements,
): Promise<{ pdf: Buffer; pageCount: number }> {
  const finished = Object.entries(fieldValues).filter(([recipientId]) => signatures[recipientId]);
  const [pdf, recipients, attachments] = await Promise.all([
    documents.getFile(uploaded.fileId),
    Promise.all(
      finished.map(async ([recipientId, placed]): Promise<RecipientFill> => {
        const signature = signatures[recipientId];
        const [signaturePng, initialsPng] = await Promise.all([
          documents.getFile(signature.signatureFileId),
          documents.getFile(signature.initialsFileId),
        ]);
        return {
          recipientId,
          name: placed.name,
          email: placed.email,
          signedAt: new Date(signature.signedAt),
          signaturePng,
          initialsPng,
          values: placed.values,
        };
      }),
    ),
    Promise.all(
      finished.flatMap(([recipientId, placed]) =>
        Object.entries(placed.attachments ?? {}).map(
          async ([fieldId, attachment]): Promise<FillAttachment> => ({
            id: attachment.id,
            fieldId,
            recipientId,
            name: attachment.name,
            type: attachment.type,
            bytes: await documents.getFile(attachment.fileId),
            sha256: attachment.sha256,
          }),
        ),
      ),
    ),
  ]);
  return fillPlacedFields({
    pdf,
    placement: uploaded.placement,
    recipients,
    attachments,
    timeZone: uploaded.timeZone,
  });
}
