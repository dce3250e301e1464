import {
  Controller,
  Get,
  Header,
  NotFoundException,
  Param,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { publicApiDocument } from '@prosign/domain';
import type { Response } from 'express';
import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { Public } from '../../platform/auth/auth.decorators';
import { AppConfig } from '../../platform/config/app-config';

/** Where the Swagger UI package keeps its prebuilt files (installed with the api, no CDN). */
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

/** The reference page's own files, served beside it: nothing loads from another origin. */
const SWAGGER_UI_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

/**
 * The page's policy: its scripts and styles from this origin only (Swagger UI sets inline
 * styles on elements, hence `'unsafe-inline'` for styles and none for scripts), its calls to
 * this origin only ("Try it out"), never framed.
 */
const REFERENCE_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>ProSign API reference</title>
    <link rel="stylesheet" href="reference/swagger-ui.css" />
  </head>
  <body>
    <noscript>The reference needs JavaScript; the document itself is at <a href="openapi.json">openapi.json</a>.</noscript>
    <div id="reference"></div>
    <script src="reference/swagger-ui-bundle.js"></script>
    <script src="reference/start.js"></script>
  </body>
</html>
`;

// A file of its own, not an inline script: the page's policy runs no inline script.
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  persistAuthorization: false,
  tryItOutEnabled: false,
});
`;

/**
 * The public api's documentation, open to anyone (no key): its OpenAPI 3.1 document, made from
 * libs/domain's route table and schemas, and a reference page rendering it with Swagger UI's
 * prebuilt files served from here, so it works offline and loads nothing from elsewhere.
 */
@Public()
@Controller('v1')
export class ApiReferenceController {
  private document: Record<string, unknown> | null = null;

  constructor(private readonly config: AppConfig) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'no-cache')
  openapi(): Record<string, unknown> {
    this.document ??= publicApiDocument(this.config.PUBLIC_API_URL);
    return this.document;
  }

  @Get('reference')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  page(@Res({ passthrough: true }) response: Response): string {
    response.setHeader('Content-Security-Policy', REFERENCE_PAGE_POLICY);
    return REFERENCE_PAGE;
  }

  /** The page's script and Swagger UI's stylesheet and bundle; 404 for any other name. */
  @Get('reference/:asset')
  asset(
    @Param('asset') asset: string,
    @Res({ passthrough: true }) response: Response,
  ): StreamableFile | string {
    if (asset === 'start.js') {
      response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      response.setHeader('Cache-Control', 'no-cache');
      return START_SCRIPT;
    }
    if (!Object.hasOwn(SWAGGER_UI_FILES, asset)) {
      throw new NotFoundException('The reference page has no such file.');
    }
    const name = asset as keyof typeof SWAGGER_UI_FILES;
    response.setHeader('Cache-Control', 'public, max-age=86400');
    return new StreamableFile(createReadStream(join(SWAGGER_UI_DIR, name)), {
      type: SWAGGER_UI_FILES[name],
    });
  }
}
