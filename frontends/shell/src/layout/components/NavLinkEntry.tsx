import type { NavLinkItem } from '@prosign/domain';
import { Link } from 'react-router';

interface NavLinkEntryProps {
  link: NavLinkItem;
  active: boolean;
  className?: string;
  onNavigate?: () => void;
}

export function NavLinkEntry({
  link,
  active,
  className = 'navbar__link',
  onNavigate,
}: NavLinkEntryProps) {
  return (
    <Link
      to={link.path}
      className={`${className}${active ? ` ${className}--active` : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      {link.label}
    </Link>
  );
}
