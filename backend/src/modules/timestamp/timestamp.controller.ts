import {
  Controller,
  Get,
  HttpStatus,
  NotFoundException,
  PayloadTooLargeException,
  Post,
  Req,
  Res,
  UnsupportedMediaTypeException,
  UseGuards,
} from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { LocalPki } from '../../integrations/timestamp';
import { Public } from '../../platform/auth/auth.decorators';
import { AppConfig } from '../../platform/config/app-config';

const TIMESTAMP_QUERY_TYPE = 'application/timestamp-query';
const TIMESTAMP_REPLY_TYPE = 'application/timestamp-reply';
/** A TimeStampReq is about 100 bytes; anything near this is not one. */
const MAX_REQUEST_BYTES = 16 * 1024;
/** Time-stamps per client address a minute. */
const TIMESTAMP_RATE_LIMIT = { ttl: 60_000, limit: 600 } as const;

/**
 * The local time-stamp authority over HTTP (RFC 3161 §3.4), so an outside tool
 * (`openssl ts -query … | curl --data-binary @- -H 'Content-Type:
 * application/timestamp-query' …/api/timestamp`) gets the same tokens the seals
 * carry. Served only while TIMESTAMP_ADAPTER=local: with outside TSAs
 * configured the stack's own is not offered. Public, rate-limited per address.
 */
@Public()
@UseGuards(ThrottlerGuard)
@Throttle({ 'sign-in': TIMESTAMP_RATE_LIMIT })
@Controller('timestamp')
export class TimestampController {
  constructor(
    private readonly pki: LocalPki,
    private readonly config: AppConfig,
  ) {}

  /** The local root (PEM): what the local TSA's tokens and the local seal verify against. */
  @Get('root.pem')
  async root(@Res() response: Response): Promise<void> {
    this.ensureLocal();
    const { record } = await this.pki.load();
    response.type('application/x-pem-file').send(record.rootCertificatePem);
  }

  /**
   * The local root's CRL (DER): the distribution point its certificates name, so a
   * validator can check that the local seal and TSA certificates are not revoked.
   * Served while the local root issues a certificate in use: the local TSA's, or
   * the generated seal certificate's (no SEAL_P12_BASE64).
   */
  @Get('root.crl')
  async crl(@Res() response: Response): Promise<void> {
    if (this.config.TIMESTAMP_ADAPTER !== 'local' && this.config.SEAL_P12_BASE64) {
      throw new NotFoundException('This server uses no certificate of the local root');
    }
    response
      .type('application/pkix-crl')
      .setHeader('cache-control', 'public, max-age=600')
      .send(await this.pki.crl());
  }

  @Post()
  async stamp(@Req() request: Request, @Res() response: Response): Promise<void> {
    this.ensureLocal();
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== TIMESTAMP_QUERY_TYPE) {
      throw new UnsupportedMediaTypeException(`Send a TimeStampReq as ${TIMESTAMP_QUERY_TYPE}`);
    }
    const query = await readBody(request, MAX_REQUEST_BYTES);
    const { authority } = await this.pki.load();
    // RFC 3161 §3.4: every answer, a rejection too, is a TimeStampResp with 200.
    response
      .status(HttpStatus.OK)
      .type(TIMESTAMP_REPLY_TYPE)
      .setHeader('cache-control', 'no-store')
      .send(authority.respond(query));
  }

  private ensureLocal(): void {
    if (this.config.TIMESTAMP_ADAPTER !== 'local') {
      throw new NotFoundException('This server runs no time-stamp authority (TIMESTAMP_ADAPTER)');
    }
  }
}

/** The raw request body (no body parser reads this content type), at most `limit` bytes. */
async function readBody(request: Request, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new PayloadTooLargeException('A TimeStampReq is far smaller');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
