import { requiredFlagForPath } from '@prosign/domain';
import { AppFooter } from '@prosign/ui';
import { Outlet, useLocation } from 'react-router';
import { useAccessFlags } from '../access/AccessFlagsContext';
import { NoAccessPage } from '../pages/NoAccessPage';
import { useSignedInStaff, useStaffSession } from '../session/StaffSessionContext';
import { NavBar } from './components/NavBar';
import { useIsMobileLayout } from './hooks/useIsMobileLayout';
import { useStaffPageStorage } from './hooks/useStaffPageStorage';

/**
 * Every staff route: navigation bar, main content area, footer (spec 1
 * §2.1–2.2). A page whose section flag the person lacks shows "No access"
 * instead of its content.
 */
export function StaffLayout() {
  const flags = useAccessFlags();
  const staff = useSignedInStaff();
  const { signOut } = useStaffSession();
  const { pathname, search } = useLocation();
  const mobile = useIsMobileLayout();
  useStaffPageStorage(pathname, search);

  const flag = requiredFlagForPath(pathname);
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="app-header">
        <NavBar
          flags={flags}
          isAdmin={staff.isAdmin}
          pathname={pathname}
          mobile={mobile}
          email={staff.email}
          countersigner={staff.countersigner}
          onSignOut={() => void signOut()}
        />
      </header>
      <main id="main-content" className="app-main" tabIndex={-1}>
        {flag && !flags[flag] ? <NoAccessPage flag={flag} /> : <Outlet />}
      </main>
      <AppFooter />
    </div>
  );
}
