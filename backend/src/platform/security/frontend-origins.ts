import type { AppConfig } from '../config/app-config';

/**
 * The origins of ProSign's own frontends, each once: CORS_ORIGINS, the shell
 * (PUBLIC_SHELL_URL) and the signing app (PUBLIC_SIGNING_URL). They alone may
 * frame the API's responses and open its sockets.
 */
export function frontendOriginsOf(
  config: Pick<AppConfig, 'CORS_ORIGINS' | 'PUBLIC_SHELL_URL' | 'PUBLIC_SIGNING_URL'>,
): string[] {
  const origins = [...config.CORS_ORIGINS, config.PUBLIC_SHELL_URL, config.PUBLIC_SIGNING_URL].map(
    (url) => new URL(url).origin,
  );
  return [...new Set(origins)];
}
