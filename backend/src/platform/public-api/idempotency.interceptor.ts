import {
  BadRequestException,
  type CallHandler,
  ConflictException,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  StreamableFile,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { catchError, defer, from, mergeMap, type Observable, of, throwError } from 'rxjs';
import { PROBLEM_TYPES } from './problem-types';
import { bearerOf } from './api-key-bearer';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyRecordId,
  openAnswer,
  parseIdempotencyKey,
  requestFingerprint,
  sealAnswer,
} from './idempotency-key';
import {
  type IdempotencyRecordDoc,
  IdempotencyRecordRepository,
} from './idempotency-record.repository';
import type { ApiKeyRequest } from './public-api.decorators';

/** How long an answer is replayed to a retry with the same key. */
const RETENTION_MS = 24 * 3_600_000;
/** A claim still running after this was lost with its process (no request takes this long). */
const LEASE_MS = 2 * 60_000;
/** Claims tried while other requests keep taking the key first. */
const CLAIM_ATTEMPTS = 3;

const INVALID_IDEMPOTENCY_KEY_MESSAGE = `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters.`;
const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used with another request (method, path or body): use a new key for a new request.';
const IDEMPOTENT_REQUEST_IN_PROGRESS_MESSAGE =
  'A request with this Idempotency-Key is still running: retry once it has been answered.';

type Begun =
  { kind: 'run'; id: string; claimId: string } | { kind: 'replay'; record: IdempotencyRecordDoc };

/**
 * `Idempotency-Key` on every POST of the public api: the first request with a key runs and its
 * answer is kept for 24 h; a retry with the same key and the same request gets that answer
 * (status, `Location`, body) without the handler running again; the same key with another
 * request is 422, and while the first still runs 409. A request that fails releases its key
 * (nothing is kept, a retry runs afresh). Keys are per API key.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly records: IdempotencyRecordRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<ApiKeyRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    // Only the public api's writes: the key guard has put the calling key on the request.
    if (request.method !== 'POST' || !request.apiKey) return next.handle();
    const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (header === undefined) return next.handle();
    const key = typeof header === 'string' ? parseIdempotencyKey(header) : null;
    if (!key) {
      throw new BadRequestException({
        message: INVALID_IDEMPOTENCY_KEY_MESSAGE,
        type: PROBLEM_TYPES.invalidIdempotencyKey,
      });
    }
    const id = idempotencyRecordId(request.apiKey.id, key);
    const fingerprint = requestFingerprint(request.method, request.originalUrl, request.body);
    // The guard let the request through with this bearer: kept answers are sealed under it.
    const presented = bearerOf(request) ?? '';
    return defer(() => this.begin(id, request.apiKey!.id, fingerprint)).pipe(
      mergeMap((begun) => {
        if (begun.kind === 'replay') return of(this.replay(begun.record, response, presented));
        return next.handle().pipe(
          mergeMap((value) =>
            from(this.keep(begun, value, response, presented)).pipe(mergeMap(() => of(value))),
          ),
          catchError((error: unknown) =>
            from(this.records.release(begun.id, begun.claimId)).pipe(
              mergeMap(() => throwError(() => error)),
            ),
          ),
        );
      }),
    );
  }

  /** Claims the key for this request, or finds the answer (or the refusal) a retry gets. */
  private async begin(
    id: string,
    apiKeyId: string,
    fingerprint: string,
    attempt = 1,
  ): Promise<Begun> {
    const now = new Date();
    const claim: IdempotencyRecordDoc = {
      _id: id,
      apiKeyId,
      fingerprint,
      state: 'running',
      claimId: randomUUID(),
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      status: null,
      location: null,
      body: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RETENTION_MS),
    };
    const run: Begun = { kind: 'run', id, claimId: claim.claimId };
    if (await this.records.insert(claim)) return run;
    const existing = await this.records.findById(id);
    // Gone meanwhile, expired, or a claim lost with its process: this request takes the key.
    const counts =
      existing &&
      existing.expiresAt > now &&
      (existing.state === 'answered' || existing.leaseUntil > now);
    if (!counts) {
      if (existing ? await this.records.takeOver(claim) : await this.records.insert(claim)) {
        return run;
      }
      // Another request took it first: look again at what it left.
      if (attempt < CLAIM_ATTEMPTS) return this.begin(id, apiKeyId, fingerprint, attempt + 1);
      throw new ConflictException({
        message: IDEMPOTENT_REQUEST_IN_PROGRESS_MESSAGE,
        type: PROBLEM_TYPES.idempotentRequestInProgress,
      });
    }
    if (existing.fingerprint !== fingerprint) {
      throw new UnprocessableEntityException({
        message: IDEMPOTENCY_KEY_REUSED_MESSAGE,
        type: PROBLEM_TYPES.idempotencyKeyReused,
      });
    }
    if (existing.state === 'running') {
      throw new ConflictException({
        message: IDEMPOTENT_REQUEST_IN_PROGRESS_MESSAGE,
        type: PROBLEM_TYPES.idempotentRequestInProgress,
      });
    }
    return { kind: 'replay', record: existing };
  }

  /**
   * Keeps the answer for retries, sealed under the caller's key (some answers carry a secret
   * shown once); an answer that is not JSON (a file) is not kept.
   */
  private async keep(
    begun: Begun & { kind: 'run' },
    value: unknown,
    response: Response,
    presented: string,
  ) {
    if (value instanceof StreamableFile || Buffer.isBuffer(value)) {
      await this.records.release(begun.id, begun.claimId);
      return;
    }
    const location = response.getHeader('Location');
    await this.records.answer(begun.id, begun.claimId, {
      status: response.statusCode,
      location: typeof location === 'string' ? location : null,
      body: value === undefined ? null : sealAnswer(JSON.stringify(value), presented, begun.id),
    });
  }

  private replay(record: IdempotencyRecordDoc, response: Response, presented: string): unknown {
    const json = record.body === null ? null : openAnswer(record.body, presented, record._id);
    // The record is found by the key's id, so the same key sealed it: unreadable means changed.
    if (record.body !== null && json === null) {
      throw new Error(`the kept answer of idempotency record ${record._id} cannot be opened`);
    }
    response.status(record.status ?? response.statusCode);
    if (record.location) response.setHeader('Location', record.location);
    response.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return json === null ? undefined : (JSON.parse(json) as unknown);
  }
}
