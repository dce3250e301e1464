import { ROUTES } from '@prosign/domain';
import { ErrorPanel, LoadingState } from '@prosign/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AccessFlagsProvider } from '../access/AccessFlagsContext';
import { rememberLastVisitedPage } from './session-storage';
import { useStaffSession } from './StaffSessionContext';

/**
 * Staff routes need a session (spec 1 §2.1): without one the visitor goes to
 * /portal, and the page they wanted is remembered for after sign-in. Below
 * it, the access flags are the signed-in person's.
 */
export function RequireStaffSession({ children }: { children?: ReactNode }) {
  const { state, refresh } = useStaffSession();
  const { pathname, search } = useLocation();

  if (state.status === 'checking') return <LoadingState label="Checking your session…" />;
  if (state.status === 'unavailable') {
    return (
      <main className="startup-error">
        <ErrorPanel
          headingLevel={1}
          title="ProSign cannot reach its server"
          message="Your session could not be checked. Try again in a moment."
          onRetry={() => void refresh()}
        />
      </main>
    );
  }
  if (state.status === 'signed-out') {
    rememberLastVisitedPage(`${pathname}${search}`);
    return <Navigate to={ROUTES.portal} replace />;
  }
  return <AccessFlagsProvider flags={state.session.access}>{children}</AccessFlagsProvider>;
}
