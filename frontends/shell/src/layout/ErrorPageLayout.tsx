import { AccessFlagsProvider } from '../access/AccessFlagsContext';
import { useStaffSession } from '../session/StaffSessionContext';
import { PublicLayout } from './PublicLayout';
import { StaffLayout } from './StaffLayout';

/**
 * The error page's frame: signed-in staff keep their navigation (the error is
 * one step of their work, not the end of it); anyone else gets the public frame.
 */
export function ErrorPageLayout() {
  const { state } = useStaffSession();
  if (state.status === 'signed-in') {
    return (
      <AccessFlagsProvider flags={state.session.access}>
        <StaffLayout />
      </AccessFlagsProvider>
    );
  }
  return <PublicLayout />;
}
