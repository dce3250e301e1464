// The "document" family's create and send calls (POST /api/document/…), on the staff session.
import type { ApiClient } from '@prosign/api-client';
import type { DocumentCreateRequest, DocumentCreateResponse } from '@prosign/domain';
import type { DocumentSendBody } from './send-request';

/** What a send answers (as every family's send does): the first signer's link and its state. */
export interface DocumentSent {
  signaturePageLink: string;
  customId: string;
  _id: string;
  status: string | null;
}

export const documentSendApi = {
  /** The document made from the saved draft: its link. */
  create: (client: ApiClient, body: DocumentCreateRequest) =>
    client.post<DocumentCreateResponse>('/api/document/create-contract', body),
  /** 400 with every reason in `message` when the send is refused; nothing is sent then. */
  send: (client: ApiClient, body: DocumentSendBody) =>
    client.post<DocumentSent>('/api/document/send-contract', body),
};
