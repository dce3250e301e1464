import { PublicLayout as PublicFrame } from '@prosign/ui';
import { Outlet } from 'react-router';

/** Public routes (login, signing, verification, errors): the brand, no staff navigation. */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
