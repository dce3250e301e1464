import type {
  ClearSignatureRequest,
  DeclineResponse,
  DeclineSigningRequest,
  HandoverRequest,
  HandoverResponse,
  HandoverSigningRequest,
  EditSignatureRequest,
  FinishSigningResponse,
  SignerSaveResponse,
  SignerTokenRequest,
  SignerUserDetail,
  UploadImageFields,
  UploadInitialsRequest,
  UploadSignatureRequest,
  UserDetailParams,
  VerifyCheckResponse,
  VerifyDocumentView,
  VerifyTokenRequest,
  VerifyTokenResponse,
} from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';

/**
 * The signer's calls (spec 1 §7). Every call carries the captcha pass header
 * (`X-Captcha-Pass`), without which the server refuses it.
 */
export interface SigningApi {
  verifyToken(token: string, prefix?: string | null): Promise<VerifyTokenResponse>;
  userDetail(token: string): Promise<SignerUserDetail>;
  /** The signing page always names the signer. */
  uploadSignature(
    input: UploadSignatureRequest & Required<Pick<UploadSignatureRequest, 'clientname'>>,
  ): Promise<SignerSaveResponse>;
  /** The signing page always names the signer and says whether they consented. */
  uploadInitials(
    input: UploadInitialsRequest &
      Required<Pick<UploadInitialsRequest, 'clientname' | 'agreedToTerms'>>,
  ): Promise<SignerSaveResponse>;
  /** The image goes as the multipart file `image`, beside the agreement's docLink. */
  uploadImage(input: Required<UploadImageFields> & { image: Blob }): Promise<SignerSaveResponse>;
  editSignature(input: EditSignatureRequest): Promise<SignerSaveResponse>;
  /** Spec 1 §4.1, item 6: clears the saved signature and initials; the saved flag goes back to false. */
  clearSignature(token: string): Promise<SignerSaveResponse>;
  finish(token: string): Promise<FinishSigningResponse>;
  /**
   * Declines with a reason (required, 1–1,000 characters once trimmed; else 400);
   * the agreement is declined and every link closes. Not retried: a repeat is refused (409).
   */
  decline(token: string, reason: string): Promise<DeclineResponse>;
  /**
   * Hands over to the authorised signatory (name, e-mail, optional note; else 400),
   * who gets their own link; this link closes. Not retried: a repeat is refused (409).
   */
  handOver(token: string, handover: HandoverRequest): Promise<HandoverResponse>;
}

export function createSigningApi(
  client: ApiClient,
  captchaHeaders: Record<string, string>,
): SigningApi {
  const options = { headers: captchaHeaders };
  return {
    verifyToken: (token, prefix) =>
      client.post(
        '/api/verifyToken',
        (prefix ? { token, prefix } : { token }) satisfies VerifyTokenRequest,
        options,
      ),
    userDetail: (token) =>
      client.get('/api/user/user-detail', {
        ...options,
        query: { token } satisfies UserDetailParams,
      }),
    uploadSignature: (input) => client.post('/api/template/upload-signature', input, options),
    uploadInitials: (input) => client.post('/api/template/upload-initials', input, options),
    uploadImage: ({ token, docLink, image }) => {
      const form = new FormData();
      form.append('docLink', docLink);
      form.append('token', token);
      form.append('image', image, 'signature.png');
      return client.post('/api/template/upload-image', form, options);
    },
    editSignature: (input) => client.post('/api/template/edit-signature', input, options),
    clearSignature: (token) =>
      client.post(
        '/api/template/clear-signature',
        { token } satisfies ClearSignatureRequest,
        options,
      ),
    finish: (token) =>
      client.post('/api/signing/finish', { token } satisfies SignerTokenRequest, options),
    decline: (token, reason) =>
      client.post(
        '/api/signing/decline',
        { token, reason } satisfies DeclineSigningRequest,
        options,
      ),
    handOver: (token, handover) =>
      client.post(
        '/api/signing/hand-over',
        { token, ...handover } satisfies HandoverSigningRequest,
        options,
      ),
  };
}

/**
 * The signer's saves the signing app tries again after a gateway failure
 * (`withGatewayRetries`; its reads are queries, which TanStack Query retries): each
 * is safe to repeat. Not the image upload (a new image each time) nor the clear (a
 * repeat after it went through answers 409).
 */
export const SIGNER_CALLS_RETRIED: readonly (keyof SigningApi)[] = [
  'uploadSignature',
  'uploadInitials',
  'editSignature',
  'finish',
];

/** The public verification calls of `/verify/{verifyId}` (no captcha, no session). */
export const verifyApi = {
  document: (client: ApiClient, verifyId: string): Promise<VerifyDocumentView> =>
    client.get(`/api/verify/${encodeURIComponent(verifyId)}`),
  check: (client: ApiClient, verifyId: string, file: Blob, filename = 'document.pdf') => {
    const form = new FormData();
    form.append('file', file, filename);
    return client.post<VerifyCheckResponse>(
      `/api/verify/${encodeURIComponent(verifyId)}/check`,
      form,
    );
  },
};

export const verifyDocumentQueryKey = (verifyId: string) => ['verify', verifyId] as const;
