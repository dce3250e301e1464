import type {
  FinishSigningResponse,
  SignerSaveResponse,
  SignerUserDetail,
  VerifyCheckResponse,
  VerifyDocumentView,
  VerifyTokenResponse,
} from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';

/** Body answered by `POST /api/template/edit-signature` (spec 1 §7: message, error). */
export interface EditSignatureResponse {
  message: string;
  error?: string;
  metrics?: SignerSaveResponse['metrics'];
}

/**
 * The signer's calls (spec 1 §7). Every call carries the captcha pass header
 * (`X-Captcha-Pass`), without which the server refuses it.
 */
export interface SigningApi {
  verifyToken(token: string, prefix?: string | null): Promise<VerifyTokenResponse>;
  userDetail(token: string): Promise<SignerUserDetail>;
  uploadSignature(input: {
    token: string;
    textSignature: string;
    clientname: string;
    initials?: string;
  }): Promise<SignerSaveResponse>;
  uploadInitials(input: {
    token: string;
    clientname: string;
    initials?: string;
    agreedToTerms: boolean;
  }): Promise<SignerSaveResponse>;
  uploadImage(input: { token: string; docLink: string; image: Blob }): Promise<SignerSaveResponse>;
  editSignature(input: {
    token: string;
    signatures: string;
    initials: string;
  }): Promise<EditSignatureResponse>;
  finish(token: string): Promise<FinishSigningResponse>;
}

export function createSigningApi(
  client: ApiClient,
  captchaHeaders: Record<string, string>,
): SigningApi {
  const options = { headers: captchaHeaders };
  return {
    verifyToken: (token, prefix) =>
      client.post('/api/verifyToken', prefix ? { token, prefix } : { token }, options),
    userDetail: (token) => client.get('/api/user/user-detail', { ...options, query: { token } }),
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
    finish: (token) => client.post('/api/signing/finish', { token }, options),
  };
}

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
