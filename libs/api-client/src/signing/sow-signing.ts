import type { ApiClient } from '../client/createApiClient';
import { createLinkSigningApi, linkSigningKeys, type LinkSigningApi } from './link-signing';

/**
 * The SOW partner's signing calls (spec 3 §2 "SOW recipient signing page", §7):
 * the `sow` family of ./link-signing.
 */
export type SowSigningApi = LinkSigningApi<'sow'>;

export function createSowSigningApi(
  client: ApiClient,
  captchaHeaders: Record<string, string>,
): SowSigningApi {
  return createLinkSigningApi(client, 'sow', captchaHeaders);
}

export const sowSigningKeys = linkSigningKeys('sow');
