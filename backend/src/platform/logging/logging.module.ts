import { type DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { REDACTED, redactRequest } from './redact-request';

/** Which process writes a log line; api and worker share one log stream in production. */
export type ProcessRole = 'api' | 'worker' | 'seed';

// Credentials must never reach the logs: session cookies, bearer tokens, API keys, captcha passes.
// Signing-link tokens and document links in URLs are redacted by the request serializer.
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-captcha-pass"]',
  'res.headers["set-cookie"]',
];

/**
 * Structured JSON logging through pino for both processes. In the api it also
 * logs one line per request (health probes excepted, they would drown the rest).
 */
@Module({})
export class LoggingModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            pinoHttp: {
              name: `prosign-${role}`,
              level: config.LOG_LEVEL,
              redact: { paths: REDACTED_PATHS, censor: REDACTED },
              serializers: { req: redactRequest },
              autoLogging: { ignore: (req) => req.url?.startsWith('/api/health') ?? false },
            },
            // Express 5 route syntax; the library's default ('*') triggers a legacy-path warning.
            forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          }),
        }),
      ],
    };
  }
}
