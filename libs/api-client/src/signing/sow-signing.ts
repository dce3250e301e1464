import type { SowVerifyLinkResponse } from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';
import {
  createLinkSigningApi,
  linkSigningKeys,
  useLinkSigningApi,
  useOpenedSigningLink,
  useSigningLink,
  useSigningLinkAuditTrail,
  useSigningLinkContract,
  useSigningLinkFinish,
  useSigningLinkTextSignature,
  verifySigningLink,
  type LinkSigningApi,
} from './link-signing';

/**
 * The SOW partner's signing calls (spec 3 §2 "SOW recipient signing page", §7):
 * the `sow` family of ./link-signing, under the names the SOW page first used.
 */
export type SowSigningApi = LinkSigningApi<'sow'>;

/** `GET /api/sow/verify-link/{customId}` (no captcha): whether the link is a SOW's, and its state. */
export function verifySowLink(
  client: ApiClient,
  customId: string,
  signal?: AbortSignal,
): Promise<SowVerifyLinkResponse> {
  return verifySigningLink(client, 'sow', customId, signal);
}

export function createSowSigningApi(
  client: ApiClient,
  captchaHeaders: Record<string, string>,
): SowSigningApi {
  return createLinkSigningApi(client, 'sow', captchaHeaders);
}

export const sowSigningKeys = linkSigningKeys('sow');

export const useSowSigningApi = (captchaHeaders: Record<string, string>) =>
  useLinkSigningApi('sow', captchaHeaders);

export const useSowVerifyLink = (customId: string) => useSigningLink('sow', customId);

export const useOpenedSow = (
  customId: string,
  captchaHeaders: Record<string, string>,
  options?: { enabled?: boolean; onError?: (error: unknown) => void },
) => useOpenedSigningLink('sow', customId, captchaHeaders, options);

export const useSowSigningContract = (
  customId: string,
  captchaHeaders: Record<string, string>,
  enabled?: boolean,
) => useSigningLinkContract('sow', customId, captchaHeaders, enabled);

export const useSowAuditTrail = (
  customId: string,
  captchaHeaders: Record<string, string>,
  enabled?: boolean,
) => useSigningLinkAuditTrail('sow', customId, captchaHeaders, enabled);

export const useSowTextSignature = (customId: string, captchaHeaders: Record<string, string>) =>
  useSigningLinkTextSignature('sow', customId, captchaHeaders);

export const useSowFinish = (customId: string, captchaHeaders: Record<string, string>) =>
  useSigningLinkFinish('sow', customId, captchaHeaders);
