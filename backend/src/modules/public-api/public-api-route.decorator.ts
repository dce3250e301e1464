import {
  applyDecorators,
  BadRequestException,
  createParamDecorator,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import {
  PUBLIC_API_ROUTES,
  type PublicApiRoute as PublicApiRouteEntry,
  type PublicApiRouteName,
} from '@prosign/domain';
import type { Request } from 'express';
import type { z } from 'zod';
import { clientIp } from '../../platform/auth/staff-principal';
import {
  ApiKeyScopes,
  type ApiKeyPrincipal,
  type ApiKeyRequest,
} from '../../platform/public-api/public-api.decorators';

const PUBLIC_API_ROUTE = 'prosign:publicApiRoute';

/** The message every invalid request of the public api carries; `errors` says what is wrong. */
const NOT_VALID = 'The request is not valid.';

/** A route table path as Nest spells it under the `api` prefix: `v1/agreements/:id`. */
function nestPathOf(path: string): string {
  return `v1${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

const REQUEST_METHODS: Record<PublicApiRouteEntry['method'], RequestMethod> = {
  get: RequestMethod.GET,
  post: RequestMethod.POST,
  patch: RequestMethod.PATCH,
  delete: RequestMethod.DELETE,
};

/**
 * A handler of the public api, declared by its entry in libs/domain's route table: its method
 * and path, its answer's status and the scope a key needs all come from there, and
 * `@PublicApiInput()` gives it the request validated against the entry's schemas.
 */
export function PublicApiRoute(name: PublicApiRouteName): MethodDecorator {
  const route: PublicApiRouteEntry = PUBLIC_API_ROUTES[name];
  return applyDecorators(
    RequestMapping({ path: nestPathOf(route.path), method: REQUEST_METHODS[route.method] }),
    HttpCode(route.answer.status),
    ApiKeyScopes(route.scope),
    SetMetadata(PUBLIC_API_ROUTE, route),
  );
}

interface FieldProblem {
  path: string;
  message: string;
}

/**
 * Zod's issues as the problem's `errors`: where within the body, query or path (`signer.email`,
 * `limit`; `''` for the whole body), and what is wrong.
 */
function problemsOf(issues: readonly z.core.$ZodIssue[]): FieldProblem[] {
  return issues.flatMap((issue) => {
    const at = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: at ? `${at}.${key}` : key,
        message: 'is not a known field',
      }));
    }
    return [{ path: at, message: issue.message }];
  });
}

/**
 * The request of a `@PublicApiRoute` handler, each part parsed with its route's schema
 * (`{ params, query, body }`, defaults filled in); 400 naming every wrong field otherwise. A
 * route without a schema for a part takes none: a body sent to it is refused.
 */
export const PublicApiInput = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const route = Reflect.getMetadata(PUBLIC_API_ROUTE, context.getHandler()) as
    PublicApiRouteEntry | undefined;
  // Only reachable on a handler without @PublicApiRoute: a programming error.
  if (!route) throw new Error('PublicApiInput used on a handler without @PublicApiRoute');
  const request = context.switchToHttp().getRequest<Request>();
  const problems: FieldProblem[] = [];
  const parse = (schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) {
      const given = value && typeof value === 'object' ? Object.keys(value) : [];
      problems.push(...given.map((key) => ({ path: key, message: 'is not a known field' })));
      return undefined;
    }
    const parsed = schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    problems.push(...problemsOf(parsed.error.issues));
    return undefined;
  };
  const input = {
    params: parse(route.params, request.params),
    query: parse(route.query, request.query),
    body: parse(route.body, request.body),
  };
  if (problems.length) throw new BadRequestException({ message: NOT_VALID, errors: problems });
  return input;
});

/**
 * Who acts when a key calls: the key's owner (a person, whom mails and the event log name),
 * with the request's address and client; a key's scopes are its rights, so the action tables
 * see it as an admin would be (the scope was checked by the key guard).
 */
export function apiKeyActor(key: ApiKeyPrincipal, request: ApiKeyRequest) {
  const client = request.headers['user-agent'];
  return {
    email: key.ownerEmail,
    ip: clientIp(request),
    userAgent: `ProSign API key ${key.prefix}${client ? ` (${client})` : ''}`,
    isAdmin: true,
    userAccessAccess: false,
  };
}

export type ApiKeyActor = ReturnType<typeof apiKeyActor>;
