// The document family's own signer calls (libs/domain/src/documents/document-agreement.ts),
// beside the calls every link family has (useLinkSigningApi): the fields, the values saved as
// they are given, and attachments uploaded with their progress.
import {
  ApiError,
  linkSigningKeys,
  linkSigningPath,
  useApiClient,
  type ApiClient,
  type LinkSigningFamily,
} from '@prosign/api-client';
import type {
  DocumentAttachmentInfo,
  DocumentFieldValuesSave,
  DocumentFieldValuesSaved,
  DocumentSigningView,
  FieldValue,
} from '@prosign/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/** Sends a file for a field; `onProgress` gets the share sent, 0 to 1. Fails with an ApiError. */
export type AttachmentUploader = (
  fieldId: string,
  file: File,
  onProgress: (sent: number) => void,
) => Promise<DocumentAttachmentInfo>;

interface DocumentSigningApi {
  /** `GET /api/document/fields/:customId`: the pages, every field, this recipient's values. */
  fields(signal?: AbortSignal): Promise<DocumentSigningView>;
  /** `PUT /api/document/field-values/:customId`: 400 naming each problem, nothing saved. */
  saveValues(values: Record<string, FieldValue>): Promise<DocumentFieldValuesSaved>;
  /** `POST /api/document/attachments/:customId` (multipart `file` + `fieldId`): 400/413 with the reason. */
  uploadAttachment: AttachmentUploader;
  /** The PDF as it stands, as an address the viewer opens. */
  pdfAddress(view: DocumentSigningView): string;
}

/** The server's message of a failed XMLHttpRequest, as the api client reads one of fetch. */
function xhrError(request: XMLHttpRequest): ApiError {
  let body: { message?: string | string[]; error?: string } = {};
  try {
    body = JSON.parse(request.responseText) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const messages = Array.isArray(body.message) ? body.message : [body.message ?? ''];
  const message =
    messages.filter(Boolean).join(' ') || `The upload failed (${request.status}). Try again.`;
  return new ApiError(request.status, message, body.error ?? 'Error', messages);
}

/**
 * The upload through XMLHttpRequest: fetch cannot report an upload's progress. The link's
 * captcha pass and e-mail code proof go as headers; no cookies (a signer has none).
 */
function xhrAttachmentUploader(url: string, headers: Record<string, string>): AttachmentUploader {
  return (fieldId, file, onProgress) =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', url);
      for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
      request.setRequestHeader('Accept', 'application/json');
      request.responseType = 'text';
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        if (request.status >= 200 && request.status < 300) {
          resolve(JSON.parse(request.responseText) as DocumentAttachmentInfo);
        } else reject(xhrError(request));
      };
      request.onerror = () =>
        reject(new ApiError(0, 'The server could not be reached. Try again.', 'Network'));
      const form = new FormData();
      form.append('fieldId', fieldId);
      form.append('file', file, file.name);
      request.send(form);
    });
}

const absolute = (client: ApiClient, address: string) =>
  /^https?:\/\//.test(address) ? address : `${client.baseUrl.replace(/\/+$/, '')}${address}`;

function createDocumentSigningApi(
  client: ApiClient,
  family: LinkSigningFamily,
  customId: string,
  headers: Record<string, string>,
  uploader?: AttachmentUploader,
): DocumentSigningApi {
  const path = (name: string) => linkSigningPath(family, name, customId);
  return {
    fields: (signal) => client.get(path('fields'), { headers, signal }),
    saveValues: (values) =>
      client.put(path('field-values'), { values } satisfies DocumentFieldValuesSave, { headers }),
    uploadAttachment:
      uploader ?? xhrAttachmentUploader(absolute(client, path('attachments')), headers),
    pdfAddress: (view) => absolute(client, view.pdfUrl || path('pdf')),
  };
}

export function useDocumentSigningApi(
  family: LinkSigningFamily,
  customId: string,
  headers: Record<string, string>,
  uploader?: AttachmentUploader,
): DocumentSigningApi {
  const client = useApiClient();
  return useMemo(
    () => createDocumentSigningApi(client, family, customId, headers, uploader),
    [client, family, customId, headers, uploader],
  );
}

/** The document as this link's recipient fills it; read once for the page's lifetime. */
export function useDocumentSigningView(
  api: DocumentSigningApi,
  family: LinkSigningFamily,
  customId: string,
) {
  return useQuery({
    queryKey: [...linkSigningKeys(family).all, 'fields', customId],
    queryFn: ({ signal }) => api.fields(signal),
    staleTime: Infinity,
  });
}
