import type { DocumentDraft, DocumentDraftSave, DocumentDraftSaved } from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';

const DRAFTS = '/api/documents/drafts';
const draftPath = (id: string) => `${DRAFTS}/${encodeURIComponent(id)}`;

/** The field builder's drafts of "document" agreements (libs/domain document-draft.ts). */
export const documentDraftsApi = {
  /** A new draft of an upload, with the pages and fields its intake found. */
  create: (client: ApiClient, uploadId: string) => client.post<DocumentDraft>(DRAFTS, { uploadId }),
  get: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.get<DocumentDraft>(draftPath(id), { signal }),
  /** Fails with a 409 ApiError when another tab saved since `body.revision`. */
  save: (client: ApiClient, id: string, body: DocumentDraftSave) =>
    client.put<DocumentDraftSaved>(draftPath(id), body),
};

/**
 * Where the stored, cleaned copy of an upload is read (staff: its uploader or an admin, by the
 * session cookie), under the API's base URL.
 */
export function uploadedPdfUrl(apiUrl: string, uploadId: string): string {
  return `${apiUrl.replace(/\/$/, '')}/api/documents/uploads/${encodeURIComponent(uploadId)}/pdf`;
}
