// The PDF upload (`POST /api/documents/upload`, the pdf-intake module) with its progress:
// fetch cannot report an upload's progress, so this one call goes through XMLHttpRequest.
import { ApiError } from '@prosign/api-client';
import type { UploadedPdf } from '@prosign/domain';

export type { UploadedPdf } from '@prosign/domain';

/** Sends the file; `onProgress` gets the share sent, 0 to 1. Fails with an ApiError. */
export type PdfUploader = (file: File, onProgress: (sent: number) => void) => Promise<UploadedPdf>;

const UPLOAD_PATH = '/api/documents/upload';

function errorOf(request: XMLHttpRequest): ApiError {
  let body: { message?: string | string[]; error?: string } = {};
  try {
    body = JSON.parse(request.responseText) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const messages = Array.isArray(body.message) ? body.message : [body.message ?? ''];
  const message = messages[0] || `The upload failed (${request.status}).`;
  return new ApiError(request.status, message, body.error ?? 'Error', messages);
}

/**
 * The uploader against the API at `baseUrl`, with the staff session's cookie. This call is not
 * the shared API client's, so a 401 is passed to `onUnauthorized` for the app to end the session.
 */
export function xhrPdfUploader(baseUrl: string, onUnauthorized: () => void): PdfUploader {
  return (file, onProgress) =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `${baseUrl.replace(/\/+$/, '')}${UPLOAD_PATH}`);
      request.withCredentials = true;
      request.responseType = 'text';
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        if (request.status >= 200 && request.status < 300) {
          resolve(JSON.parse(request.responseText) as UploadedPdf);
        } else {
          if (request.status === 401) onUnauthorized();
          reject(errorOf(request));
        }
      };
      request.onerror = () =>
        reject(new ApiError(0, 'The server could not be reached.', 'Network'));
      const form = new FormData();
      form.append('file', file, file.name);
      request.send(form);
    });
}
