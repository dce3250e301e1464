import { COUNTERSIGN_PAGE_PATH, isNavLinkActive } from '@prosign/domain';
import { Link } from 'react-router';

const COUNTERSIGN_NAV_LABEL = 'Waiting for my signature';

/** "3 waiting" beside a label: shown as a count, read as words; nothing when zero. */
export function WaitingBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="navbar__badge">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{` (${count} waiting)`}</span>
    </span>
  );
}

interface CountersignNavLinkProps {
  pathname: string;
  /** How many agreements wait for the signed-in person's signature. */
  waiting: number;
  onNavigate?: () => void;
}

/**
 * The staff member's own queue (no section flag): the firm's countersignatures asked of them.
 * Shown only to staff named as a countersigner (the session says so: `showsCountersignEntry`).
 */
export function CountersignNavLink({ pathname, waiting, onNavigate }: CountersignNavLinkProps) {
  const active = isNavLinkActive({ path: COUNTERSIGN_PAGE_PATH }, pathname);
  return (
    <Link
      to={COUNTERSIGN_PAGE_PATH}
      className={`navbar__link${active ? ' navbar__link--active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      {COUNTERSIGN_NAV_LABEL}
      <WaitingBadge count={waiting} />
    </Link>
  );
}
