import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Request, Response } from 'express';
import { isPublicApiPath } from '../public-api/public-api-path';
import { toErrorBody } from './error-body';
import { PROBLEM_JSON, toProblemDetails } from './problem-details';

/**
 * Turns anything thrown while handling a request into `{statusCode, message, error}`, or, under
 * the public api (`/api/v1`, unknown paths included), into an `application/problem+json`
 * problem (RFC 9457). Known HTTP errors keep their status and message; everything else becomes
 * a logged 500 whose details (and stack) stay on the server.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('ExceptionFilter');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') {
      // Global filters only reach HTTP (Nest gives gateways their own WsExceptionsHandler);
      // this guards against the filter being bound to something else by mistake.
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
      return;
    }
    const body = toErrorBody(exception);
    if (body.statusCode >= HttpStatus.INTERNAL_SERVER_ERROR) {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    const { httpAdapter } = this.adapterHost;
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const path = pathOf(request);
    if (isPublicApiPath(path)) {
      // A download that failed half-way set its own type and file name: the answer is a problem.
      response.removeHeader('Content-Disposition');
      // Sent by hand: the adapter's reply() turns an error's content type back to application/json.
      response
        .status(body.statusCode)
        .type(PROBLEM_JSON)
        .send(JSON.stringify(toProblemDetails(exception, body, path)));
      return;
    }
    httpAdapter.reply(response, body, body.statusCode);
  }
}

/** The path a request was sent to, without its query (which may carry what a log must not). */
function pathOf(request: Request | undefined): string {
  const url = request?.originalUrl ?? request?.url ?? '';
  const queryAt = url.indexOf('?');
  return queryAt < 0 ? url : url.slice(0, queryAt);
}
