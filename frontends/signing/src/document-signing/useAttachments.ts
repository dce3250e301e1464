import {
  attachmentFileProblem,
  type DocumentAttachmentInfo,
  type Field,
  type FieldValue,
} from '@prosign/domain';
import { useState } from 'react';
import { NO_ATTACHMENT, type AttachmentState } from './AttachmentControl';
import type { AttachmentUploader } from './document-signing-api';

/**
 * The recipient's attachments by field: those uploaded before (a reload shows them), an upload
 * under way with its progress, and why a file was refused — by its type or size before it is
 * sent (`attachmentFileProblem`), or by the server after. An uploaded file's id becomes the
 * field's value; a new file replaces it.
 */
export function useAttachments(
  uploaded: Readonly<Record<string, DocumentAttachmentInfo>>,
  byId: ReadonlyMap<string, Field>,
  upload: AttachmentUploader,
  setValue: (id: string, value: FieldValue) => void,
  serverMessage: (error: unknown) => string | undefined,
) {
  const [attachments, setAttachments] = useState<Record<string, AttachmentState>>(() =>
    Object.fromEntries(
      Object.entries(uploaded).map(([id, info]) => [id, { ...NO_ATTACHMENT, uploaded: info }]),
    ),
  );

  const attach = (id: string, file: File) => {
    const field = byId.get(id);
    if (field?.kind !== 'attachment') return;
    const change = (state: Partial<AttachmentState>) =>
      setAttachments((previous) => ({
        ...previous,
        [id]: { ...(previous[id] ?? NO_ATTACHMENT), ...state },
      }));
    const refusal = attachmentFileProblem(field, { type: file.type, bytes: file.size });
    if (refusal) {
      change({ refusal });
      return;
    }
    change({ refusal: null, progress: 0 });
    upload(id, file, (sent) => change({ progress: sent })).then(
      (info) => {
        change({ uploaded: info, progress: null });
        setValue(id, info.id);
      },
      (error: unknown) =>
        change({
          progress: null,
          refusal:
            serverMessage(error) ?? 'The upload failed. Check your connection and try again.',
        }),
    );
  };

  return { attachments, attach };
}
