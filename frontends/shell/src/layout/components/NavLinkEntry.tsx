import { useApiUrl } from '@prosign/api-client';
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
  if (link.apiPage) return <ApiPageLink link={link} className={className} />;
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

/** A page the api serves (the API reference): on the api's origin, in a new tab, and says so. */
function ApiPageLink({ link, className }: { link: NavLinkItem; className: string }) {
  const apiUrl = useApiUrl().replace(/\/+$/, '');
  return (
    <a
      href={`${apiUrl}${link.path}`}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
    >
      {link.label}
      <span aria-hidden="true"> ↗</span>
      <span className="ps-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
