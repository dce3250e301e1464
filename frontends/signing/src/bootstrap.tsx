import { loadRuntimeConfig } from '@prosign/api-client';
import { ErrorPanel, PublicLayout } from '@prosign/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SigningApp } from './app/SigningApp';

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
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
