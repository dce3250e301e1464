import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { ApiKeyScope } from '@prosign/domain';
import type { Request } from 'express';

export const API_KEY_SCOPES_REQUIRED = 'prosign:apiKeyScopes';

/**
 * A route of the public api (`/api/v1`): called with an API key
 * (`Authorization: Bearer psk_live_…`) that holds every listed scope. A staff
 * session does not open it: a key acts with its scopes, never as a person.
 */
export const ApiKeyScopes = (scope: ApiKeyScope, ...more: ApiKeyScope[]) =>
  SetMetadata(API_KEY_SCOPES_REQUIRED, [scope, ...more]);

/** The key a public-api request was let through with (the key guard puts it on the request). */
export interface ApiKeyPrincipal {
  id: string;
  prefix: string;
  name: string;
  scopes: ApiKeyScope[];
  ownerEmail: string;
}

export type ApiKeyRequest = Request & { apiKey?: ApiKeyPrincipal };

/** The key of the current public-api request. */
export const CurrentApiKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ApiKeyPrincipal => {
    const key = context.switchToHttp().getRequest<ApiKeyRequest>().apiKey;
    // Only reachable on a route without @ApiKeyScopes: a programming error.
    if (!key) throw new Error('CurrentApiKey used on a route that is not part of the public api');
    return key;
  },
);
