import { AppFooter } from '@prosign/ui';
import { Outlet, useLocation } from 'react-router';
import { useAccessFlags } from '../access/AccessFlagsContext';
import { NavBar } from './components/NavBar';
import { useIsMobileLayout } from './hooks/useIsMobileLayout';

/** Every staff route: navigation bar, main content area, footer (spec 1 §2.1–2.2). */
export function StaffLayout() {
  const flags = useAccessFlags();
  const { pathname } = useLocation();
  const mobile = useIsMobileLayout();
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="app-header">
        <NavBar flags={flags} pathname={pathname} mobile={mobile} />
      </header>
      <main id="main-content" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
