import { ToastProvider } from '@prosign/ui';
import { BrowserRouter } from 'react-router';
import { SigningRoutes } from './SigningRoutes';

/**
 * The standalone app's pages other than the customer signing link (verification,
 * SOW and change-order links, unknown paths), with the router and the toasts
 * they use; loaded on demand by SigningApp.
 */
export function StandaloneRoutes() {
  return (
    <ToastProvider>
      <BrowserRouter>
        <SigningRoutes />
      </BrowserRouter>
    </ToastProvider>
  );
}
