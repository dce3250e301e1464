import { buildNavModel, isNavItemActive, type AccessFlags } from '@prosign/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { BrandMark } from '@prosign/ui';
import { Link } from 'react-router';
import { NavGroupMenu } from './NavGroupMenu';
import { NavLinkEntry } from './NavLinkEntry';

interface NavBarProps {
  flags: AccessFlags;
  pathname: string;
  /** At 480 px or less the entries sit behind a menu button. */
  mobile: boolean;
}

/** The staff navigation bar (spec 1 §2.2): tool title and the entries the flags permit. */
export function NavBar({ flags, pathname, mobile }: NavBarProps) {
  const model = useMemo(() => buildNavModel(flags), [flags]);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useEffect(() => setMenuOpen(false), [pathname, mobile]);

  const entriesVisible = !mobile || menuOpen;
  const closeMobileMenu = () => setMenuOpen(false);

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
                onNavigate={closeMobileMenu}
              />
            ) : (
              <NavGroupMenu
                group={item}
                pathname={pathname}
                active={isNavItemActive(item, pathname)}
                onNavigate={closeMobileMenu}
              />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
