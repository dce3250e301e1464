import {
  buildNavModel,
  isNavItemActive,
  storageKeysClearedByNavEntry,
  type AccessFlags,
} from '@prosign/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { BrandMark } from '@prosign/ui';
import { Link } from 'react-router';
import { useCountersignQueue } from '../../features/countersign/hooks/useCountersignQueue';
import { removeStoredKeys } from '../../session/session-storage';
import { CountersignNavLink, WaitingBadge } from './CountersignNavLink';
import { NavGroupMenu } from './NavGroupMenu';
import { NavLinkEntry } from './NavLinkEntry';

interface NavBarProps {
  flags: AccessFlags;
  /** Administrators also see their own entries (API keys, webhooks, the API reference). */
  isAdmin: boolean;
  pathname: string;
  /** At 480 px or less the entries sit behind a menu button. */
  mobile: boolean;
  /** The signed-in person, shown beside the sign-out button. */
  email: string;
  /** Whether "Waiting for my signature" is theirs: the server's answer (session `countersigner`). */
  countersigner: boolean;
  onSignOut: () => void;
}

/** The staff navigation bar (spec 1 §2.2): tool title and the entries the flags permit. */
export function NavBar({
  flags,
  isAdmin,
  pathname,
  mobile,
  email,
  countersigner,
  onSignOut,
}: NavBarProps) {
  const model = useMemo(() => buildNavModel(flags, { isAdmin }), [flags, isAdmin]);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  // The badge of "Waiting for my signature" (kept current by the queue's poll and focus).
  const waiting = useCountersignQueue({ enabled: countersigner }).data?.items.length ?? 0;

  useEffect(() => setMenuOpen(false), [pathname, mobile]);

  const entriesVisible = !mobile || menuOpen;
  // Choosing Home or SOW Home also clears a remembered selection (spec 1 §2.2).
  const onNavigate = (path: string) => {
    removeStoredKeys(storageKeysClearedByNavEntry(path));
    setMenuOpen(false);
  };

  return (
    <nav className={`navbar${mobile ? ' navbar--mobile' : ''}`} aria-label="Staff navigation">
      <div className="navbar__bar">
        <Link to="/" className="navbar__brand" aria-label="ProSign home">
          <BrandMark />
        </Link>
        {mobile ? (
          <button
            type="button"
            className="navbar__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="navbar__toggle-icon" aria-hidden="true" />
            Menu
            <WaitingBadge count={waiting} />
          </button>
        ) : null}
      </div>
      <ul id={menuId} className="navbar__entries" hidden={!entriesVisible}>
        {model.map((item) => (
          <li key={item.id} className="navbar__entry">
            {item.kind === 'link' ? (
              <NavLinkEntry
                link={item}
                active={isNavItemActive(item, pathname)}
                onNavigate={() => onNavigate(item.path)}
              />
            ) : (
              <NavGroupMenu
                group={item}
                pathname={pathname}
                active={isNavItemActive(item, pathname)}
                onNavigate={onNavigate}
              />
            )}
          </li>
        ))}
        {countersigner ? (
          <li className="navbar__entry">
            <CountersignNavLink
              pathname={pathname}
              waiting={waiting}
              onNavigate={() => setMenuOpen(false)}
            />
          </li>
        ) : null}
        <li className="navbar__entry navbar__account">
          <span className="navbar__email" title={email}>
            {email}
          </span>
          <button type="button" className="navbar__link navbar__signout" onClick={onSignOut}>
            Sign out
          </button>
        </li>
      </ul>
    </nav>
  );
}
