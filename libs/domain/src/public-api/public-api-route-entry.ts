/**
 * What an entry of the public api's route table (public-api-routes.ts) says of its route.
 */
import type { z } from 'zod';
import type { ApiKeyScope } from '../api-keys/api-keys';

type PublicApiTag = 'Agreements' | 'Templates' | 'Services' | 'Events' | 'Webhooks' | 'Invoices';

/** What a route answers on success: JSON of `schema`, a PDF file, or nothing (204). */
type RouteAnswer =
  | { status: 200 | 201; schema: z.ZodType; description: string }
  | { status: 200; pdf: true; description: string }
  | { status: 204; description: string };

export interface PublicApiRoute {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Under PUBLIC_API_BASE_PATH, in OpenAPI's spelling: `/agreements/{id}`. */
  path: string;
  operationId: string;
  tag: PublicApiTag;
  summary: string;
  description: string;
  scope: ApiKeyScope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  answer: RouteAnswer;
  /** A 409 this route gives, in words (the agreement's state does not allow it). */
  conflict?: string;
  /** A 404 a route without an id in its path gives, in words (an id in its body names nothing). */
  notFound?: string;
}

export const route = <const T extends PublicApiRoute>(entry: T): T => entry;
