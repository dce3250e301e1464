import { ROUTES } from '@prosign/domain';
import { Navigate, useLocation } from 'react-router';
import { RemotePage } from '../remotes/RemotePage';

/**
 * /co needs the state the screen that links to it passes (the deal to change);
 * opened directly, without it, it goes to / (spec 1 §2.1, docs/architecture.md#the-pieces).
 */
export function ChangeOrderRoute() {
  const { state } = useLocation() as { state: unknown };
  if (typeof state !== 'object' || state === null) return <Navigate to={ROUTES.home} replace />;
  return <RemotePage remote="sowCo" page="ChangeOrder" section="Change Order" />;
}
