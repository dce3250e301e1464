import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { ApiKeyScope } from '@prosign/domain';
import { getMetadataStorage } from 'class-validator';
import { API_PREFIX } from '../../src/create-api-app';
import { IS_PUBLIC } from '../../src/platform/auth/auth.decorators';
import { API_KEY_SCOPES_REQUIRED } from '../../src/platform/public-api/public-api.decorators';

/** One HTTP route of the running api: `GET /api/mailbox/:id`. */
export interface HttpRoute {
  method: string;
  path: string;
  /** `METHOD path`, the key of expectation tables. */
  key: string;
  controller: string;
  handler: string;
  /** The query parameters its handler reads: `@Query('name')`, or the fields of its `@Query()` DTO. */
  query: string[];
  /** The scopes `@ApiKeyScopes` names (handler, else controller): a public-api route; else null. */
  apiKeyScopes: ApiKeyScope[] | null;
  /** Marked `@Public()` (handler or controller). */
  isPublic: boolean;
}

/** A route decorator's value, the handler's overriding the controller's (as the guards read it). */
function metadataOf<T>(name: string, handler: object, controller: object): T | undefined {
  return (Reflect.getMetadata(name, handler) ?? Reflect.getMetadata(name, controller)) as
    T | undefined;
}

/** The query parameter names a handler declares (its DTO's validated fields, or named ones). */
function queryParamsOf(controller: object, prototype: object, handler: string): string[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller.constructor, handler) ??
    {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata('design:paramtypes', prototype, handler) ?? []) as unknown[];
  const names = new Set<string>();
  for (const [key, arg] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== RouteParamtypes.QUERY) continue;
    if (typeof arg.data === 'string') {
      names.add(arg.data);
      continue;
    }
    const dto = types[arg.index];
    if (typeof dto !== 'function') continue;
    for (const rule of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
      names.add(rule.propertyName);
    }
  }
  return [...names].sort();
}

function asList(value: unknown): string[] {
  if (value === undefined) return [''];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function join(...parts: string[]): string {
  const path = parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');
  return `/${path}`;
}

/**
 * Every HTTP route the api application registered, found at run time from the
 * controllers Nest built (so a new controller or handler is picked up without
 * being listed anywhere), with the global `/api` prefix.
 */
export function discoverHttpRoutes(app: INestApplication): HttpRoute[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const routes: HttpRoute[] = [];
  const seen = new Set<string>();
  for (const wrapper of discovery.getControllers()) {
    const { metatype, instance } = wrapper;
    if (!metatype || !instance) continue;
    const prefixes = asList(Reflect.getMetadata(PATH_METADATA, metatype));
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[name] as object;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
      if (method === undefined || paths === undefined) continue;
      for (const prefix of prefixes) {
        for (const path of asList(paths)) {
          const full = join(API_PREFIX, prefix, path);
          const verb = RequestMethod[method];
          const key = `${verb} ${full}`;
          if (seen.has(key)) continue;
          seen.add(key);
          routes.push({
            method: verb,
            path: full,
            key,
            controller: metatype.name,
            handler: name,
            query: queryParamsOf(instance as object, prototype, name),
            apiKeyScopes:
              metadataOf<ApiKeyScope[]>(API_KEY_SCOPES_REQUIRED, handler, metatype) ?? null,
            isPublic: metadataOf<boolean>(IS_PUBLIC, handler, metatype) === true,
          });
        }
      }
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}
