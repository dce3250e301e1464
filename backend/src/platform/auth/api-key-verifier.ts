import type { ApiKeyScope } from '@prosign/domain';

/** A presented API key that checked out: which key it is and what it may do. */
export interface VerifiedApiKey {
  id: string;
  prefix: string;
  name: string;
  scopes: ApiKeyScope[];
  ownerEmail: string;
}

/**
 * Where the key guard checks a presented key. Implemented by the api-keys module (the
 * `api_keys` collection); declared here so platform code does not depend on a feature module.
 */
export abstract class ApiKeyVerifier {
  /**
   * The key, if it is one of ours and usable now (a rotated key through its overlap); null
   * otherwise, whatever the reason. Records the last use and the address it came from.
   */
  abstract verify(presented: string, from: string | null): Promise<VerifiedApiKey | null>;
}
