import { isNavLinkActive, type NavGroupItem } from '@prosign/domain';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLinkEntry } from './NavLinkEntry';

interface NavGroupMenuProps {
  group: NavGroupItem;
  pathname: string;
  active: boolean;
  /** Called with the path of the group's link that was chosen. */
  onNavigate?: (path: string) => void;
}

/**
 * A disclosure menu of links ("SOW Management"): Enter/Space or ArrowDown opens
 * it, arrow keys move between its links, Escape closes it and returns focus to
 * its button; clicking or tabbing away closes it.
 */
export function NavGroupMenu({ group, pathname, active, onNavigate }: NavGroupMenuProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () =>
    Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []);

  const focusLink = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusLink(0));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    const current = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (current === -1) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusLink(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (current === 0) buttonRef.current?.focus();
      else focusLink(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusLink(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusLink(-1);
    }
  };

  return (
    <div
      ref={rootRef}
      className={`navgroup${open ? ' navgroup--open' : ''}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`navbar__link navgroup__button${active ? ' navbar__link--active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        {group.label}
        <span className="navgroup__chevron" aria-hidden="true" />
      </button>
      <ul id={listId} className="navgroup__list" hidden={!open}>
        {group.items.map((link) => (
          <li key={link.id}>
            <NavLinkEntry
              link={link}
              active={isNavLinkActive(link, pathname)}
              className="navgroup__link"
              onNavigate={() => {
                setOpen(false);
                onNavigate?.(link.path);
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
