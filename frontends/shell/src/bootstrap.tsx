import { loadRuntimeConfig } from '@prosign/api-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { StartupError } from './app/StartupError';
import { loadFederatedPages, registerRuntimeRemotes } from './remotes/federation-runtime';
import { createRemoteLoader } from './remotes/remote-loader';

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  try {
    // Remote URLs come from the server at run time, never from the build.
    const config = await loadRuntimeConfig();
    registerRuntimeRemotes(config);
    const remoteLoader = createRemoteLoader(loadFederatedPages);
    root.render(
      <StrictMode>
        <App config={config} remoteLoader={remoteLoader} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('[shell] start-up failed', error);
    root.render(<StartupError error={error} />);
  }
}

const container = document.getElementById('root');
if (container) void start(container);
