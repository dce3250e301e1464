import { ApiProvider, loadRuntimeConfig } from '@prosign/api-client';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorPanel } from '../components/ErrorPanel';
import { PublicLayout } from '../components/PublicLayout';
import { ToastProvider } from '../components/Toast';

interface StandaloneRoute {
  path: string;
  Page: ComponentType;
}

export interface StandalonePreviewOptions {
  /** Shown under the brand, e.g. "Contracts — standalone preview". */
  subtitle: string;
  routes: readonly StandaloneRoute[];
}

/**
 * A remote opened on its own origin previews its pages without the shell (for
 * development); in the product the shell loads the remote's ./pages instead.
 */
export async function renderStandalonePreview(
  container: HTMLElement,
  { subtitle, routes }: StandalonePreviewOptions,
): Promise<void> {
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
    root.render(
      <StrictMode>
        <ApiProvider config={config}>
          <ToastProvider>
            <BrowserRouter>
              <PublicLayout subtitle={subtitle}>
                <Routes>
                  {routes.map(({ path, Page }) => (
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
