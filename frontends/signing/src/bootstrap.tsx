import { loadRuntimeConfig, parseRuntimeConfig, type RuntimeConfig } from '@prosign/api-client';
import { ErrorPanel, PublicLayout } from '@prosign/ui';
// The design tokens and shared styles, stated here because the standalone build
// tree-shakes @prosign/ui and would otherwise drop its side-effect import.
import '@prosign/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SigningApp } from './app/SigningApp';

declare global {
  interface Window {
    /** Started by the standalone page's HTML (runtime-config-prefetch.html) before this script runs. */
    __prosignRuntimeConfig?: Promise<unknown>;
  }
}

/** The configuration the page already asked for, else a fresh request (e.g. as a remote). */
async function runtimeConfig(): Promise<RuntimeConfig> {
  const early = window.__prosignRuntimeConfig;
  if (early) {
    try {
      return parseRuntimeConfig(await early);
    } catch {
      // Retried below, with the loader's own error messages.
    }
  }
  return loadRuntimeConfig();
}

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  try {
    const config = await runtimeConfig();
    root.render(
      <StrictMode>
        <SigningApp config={config} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('[signing] start-up failed', error);
    root.render(
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
