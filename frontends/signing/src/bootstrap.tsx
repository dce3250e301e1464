import {
  createApiClient,
  loadRuntimeConfig,
  parseRuntimeConfig,
  type ApiClient,
  type RuntimeConfig,
} from '@prosign/api-client';
import { ErrorPanel, PublicLayout, readTickBeforeStart } from '@prosign/ui';
// The design tokens and shared styles, stated here because the standalone build
// tree-shakes @prosign/ui and would otherwise drop its side-effect import.
import '@prosign/ui/styles.css';
import { StrictMode, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { linkSigningLink, loadLinkSignaturePage, SigningApp } from './app/SigningApp';

declare global {
  interface Window {
    /** Started by the standalone page's HTML (runtime-config-prefetch.html), usually before this script runs. */
    __prosignRuntimeConfig?: Promise<unknown>;
    /** The first api requests of a signing link, asked for by the same HTML, by path. */
    __prosignEarlyResponses?: Record<string, Promise<Response>>;
  }
}

/**
 * The API client of the page: its first GET of each path the page's HTML
 * already asked for (the captcha's challenge, a link-signed family's check) takes
 * that response, a round trip or two less before the captcha step shows;
 * every other request goes out as usual.
 */
function apiClientFor(config: RuntimeConfig): ApiClient {
  const early = new Map(Object.entries(window.__prosignEarlyResponses ?? {}));
  return createApiClient({
    baseUrl: config.apiUrl,
    fetch: (input, init) => {
      const url = new URL(
        input instanceof Request ? input.url : String(input),
        window.location.href,
      );
      const answer =
        (init?.method ?? 'GET') === 'GET' && !url.search ? early.get(url.pathname) : undefined;
      if (!answer) return globalThis.fetch(input, init);
      early.delete(url.pathname);
      return answer.then(
        (response) => {
          if (init?.signal?.aborted) {
            throw new DOMException('The request was aborted.', 'AbortError');
          }
          return response;
        },
        () => globalThis.fetch(input, init),
      );
    },
  });
}

/**
 * How long the first render of a link-signed family's link (SOW, CO, …) waits
 * for the link's check (asked for by the page's HTML, so usually in already);
 * with a slower api the app shows the robot check meanwhile, a tick waiting
 * for the check.
 */
const LINK_CHECK_WAIT_MS = 500;

/**
 * The configuration the page already asked for, else a fresh request (e.g. as a
 * remote, or in a tab opened in the background: the page asks once it has
 * painted, and then leaves it to this one).
 */
async function runtimeConfig(): Promise<RuntimeConfig> {
  const early = window.__prosignRuntimeConfig;
  if (early) {
    try {
      return parseRuntimeConfig(await early);
    } catch {
      // Retried below, with the loader's own error messages.
    }
  }
  const own = loadRuntimeConfig();
  window.__prosignRuntimeConfig ??= own;
  return own;
}

/** Marks the robot check the page's HTML carries until the app has replaced it (webpack.config.cjs). */
const PRERENDERED = 'data-prerendered';

/**
 * The app's first render, over the markup the HTML painted (the same boxes:
 * src/prerender): replaced in one commit, and the page's marker of that markup
 * removed before the next frame, so the page's CSS keyed on it (a path that is
 * not a signing link hides the prerendered step) never applies to the app.
 */
function takeOver(root: Root, container: HTMLElement, app: ReactNode): void {
  flushSync(() => root.render(app));
  container.removeAttribute(PRERENDERED);
}

async function start(container: HTMLElement): Promise<void> {
  // The robot check's checkbox in the page's HTML, which a signer may tick before this runs.
  const pageCheckbox = container.hasAttribute(PRERENDERED)
    ? container.querySelector<HTMLInputElement>('.ps-captcha input[type=checkbox]')
    : null;
  if (pageCheckbox) readTickBeforeStart(() => pageCheckbox.checked);
  const root = createRoot(container);
  try {
    const config = await runtimeConfig();
    const client = apiClientFor(config);
    const link = linkSigningLink(window.location);
    if (link) {
      // A link-signed family's link: its page (which its HTML has been downloading
      // meanwhile; if that failed, the page's Suspense asks again), so that
      // its Suspense fallback never replaces the robot check the HTML
      // painted, and briefly its check, so that a closed link's first render
      // says what happened to it.
      const page = await loadLinkSignaturePage().catch(() => undefined);
      await page?.checkLinkBeforeRender(client, link.family, link.customId, LINK_CHECK_WAIT_MS);
    }
    takeOver(
      root,
      container,
      <StrictMode>
        <SigningApp config={config} client={client} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('[signing] start-up failed', error);
    takeOver(
      root,
      container,
      <PublicLayout>
        <ErrorPanel
          headingLevel={1}
          title="The signing page could not start"
          message="Reload the page in a moment. Your signing link stays valid."
          detail={error instanceof Error ? error.message : String(error)}
          onRetry={() => window.location.reload()}
          retryLabel="Reload"
        />
      </PublicLayout>,
    );
  }
}

const container = document.getElementById('root');
if (container) void start(container);
