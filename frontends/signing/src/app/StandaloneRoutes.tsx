import { BrowserRouter } from 'react-router';
import { SigningRoutes } from './SigningRoutes';

/**
 * The standalone app's pages that SigningApp does not render straight from the
 * address (verification, unknown paths), with the router; loaded on demand.
 * The signing flows bring their toasts and data layer (EnsureToasts,
 * EnsureQueryClient).
 */
export function StandaloneRoutes() {
  return (
    <BrowserRouter>
      <SigningRoutes />
    </BrowserRouter>
  );
}
