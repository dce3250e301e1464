import { ApiProvider, loadRuntimeConfig } from '@prosign/api-client';
import { ErrorPanel, PublicLayout, ToastProvider } from '@prosign/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { standaloneRoutes } from './standalone-routes';

/**
 * Opened on its own origin, the contracts remote previews its pages without the
 * shell (for development); in the product the shell loads ./pages instead.
 */
async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
    root.render(
      <StrictMode>
        <ApiProvider config={config}>
          <ToastProvider>
            <BrowserRouter>
              <PublicLayout subtitle="Contracts — standalone preview">
                <Routes>
                  {standaloneRoutes.map(({ path, Page }) => (
                    <Route key={path} path={path} element={<Page />} />
                  ))}
                  <Route
                    path="*"
                    element={
                      <ErrorPanel
                        headingLevel={1}
                        title="Not part of this remote"
                        message="Open ProSign through the shell."
                      />
                    }
                  />
                </Routes>
              </PublicLayout>
            </BrowserRouter>
          </ToastProvider>
        </ApiProvider>
      </StrictMode>,
    );
  } catch (error) {
    root.render(<ErrorPanel headingLevel={1} title="Could not start" detail={String(error)} />);
  }
}

const container = document.getElementById('root');
if (container) void start(container);
