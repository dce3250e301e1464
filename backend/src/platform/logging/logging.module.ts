import { type DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { AppLogger } from './app-logger';
import { prettyLogStream } from './pretty-log-stream';
import { REDACTED, redactRequest } from './redact-request';

/** Which process writes a log line; api and worker share one log stream in production. */
export type ProcessRole = 'api' | 'worker' | 'seed' | 'migrate';

// Credentials must never reach the logs: session cookies, bearer tokens, API keys, captcha passes.
// Signing-link tokens and document links in URLs are redacted by the request serializer.
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-captcha-pass"]',
  // The e-mail code's proof: as good as the code for this session.
  'req.headers["x-email-code-proof"]',
  // A referrer can be a signing page's own address (its token in the path); our pages send
  // none, but a browser or proxy that ignores the policy must not put it in a log line.
  'req.headers.referer',
  'res.headers["set-cookie"]',
];

/**
 * Structured JSON logging through pino for both processes. In the api it also
 * logs one line per request (health probes excepted, they would drown the rest).
 * In development (`npm start`) the lines are pretty-printed and quiet:
 * successful requests and the framework's start-up lines are debug detail
 * (`AppLogger`). Production and tests keep the JSON lines machines read.
 */
@Module({})
export class LoggingModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => {
            const jsonLines = config.NODE_ENV !== 'development';
            const options = {
              name: `prosign-${role}`,
              level: config.LOG_LEVEL,
              redact: { paths: REDACTED_PATHS, censor: REDACTED },
              serializers: { req: redactRequest },
              autoLogging: {
                ignore: (req: { url?: string }) => req.url?.startsWith('/api/health') ?? false,
              },
              // Development: a request that went well is detail; failures still show.
              ...(jsonLines
                ? {}
                : {
                    customLogLevel: (_req: unknown, res: { statusCode: number }, error?: Error) =>
                      error || res.statusCode >= 500
                        ? ('error' as const)
                        : res.statusCode >= 400
                          ? ('warn' as const)
                          : ('debug' as const),
                  }),
            };
            return {
              pinoHttp: jsonLines ? options : [options, prettyLogStream()],
              // Express 5 route syntax; the library's default ('*') triggers a legacy-path warning.
              forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
            };
          },
        }),
      ],
      providers: [AppLogger],
      exports: [AppLogger],
    };
  }
}
