import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  NotFoundException,
} from '@nestjs/common';
import { CrmRateLimitedError } from './crm.port';

/** A 429's `Retry-After` (seconds; HubSpot's limits are per 10 s), else 10 s. */
function retryAfterMsOf(error: unknown): number {
  const headers = (error as { headers?: Record<string, string | string[] | undefined> }).headers;
  const value = headers?.['retry-after'] ?? headers?.['Retry-After'];
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 600) * 1000 : 10_000;
}

/** HubSpot's failure → the error the API answers with; the CRM's message is kept where it helps. */
export function toHttpError(what: string, error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  const code = (error as { code?: unknown }).code;
  const body = (error as { body?: unknown }).body;
  const detail =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined;
  if (code === 404) return new NotFoundException(`${what} not found in HubSpot`);
  if (code === 400)
    return new BadRequestException(
      `HubSpot refused the request for ${what}${detail ? `: ${detail}` : ''}`,
    );
  if (code === 409)
    return new ConflictException(
      `HubSpot reported a conflict for ${what}${detail ? `: ${detail}` : ''}`,
    );
  if (code === 401 || code === 403) {
    return new BadGatewayException(
      'HubSpot refused the access token (check HUBSPOT_ACCESS_TOKEN and its scopes)',
    );
  }
  if (code === 429) return new CrmRateLimitedError(retryAfterMsOf(error));
  if (typeof code === 'number') {
    return new BadGatewayException(
      `HubSpot failed on ${what} (HTTP ${code})${detail ? `: ${detail}` : ''}`,
    );
  }
  return new BadGatewayException(`HubSpot could not be reached for ${what}`);
}
