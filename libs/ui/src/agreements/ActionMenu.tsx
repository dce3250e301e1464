import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './agreements.css';

export interface ActionMenuItem {
  key: string;
  label: ReactNode;
  /** Shown but not chosen (e.g. a locked reminder); `description` says why. */
  disabled?: boolean;
  description?: string;
  danger?: boolean;
  onSelect: () => void;
}

export interface ActionMenuProps {
  /** The button's visible text; its accessible name is `label` followed by `hiddenSuffix`. */
  label: string;
  hiddenSuffix?: string;
  items: readonly ActionMenuItem[];
  disabled?: boolean;
}

/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space, ↓ or a click open the menu
 * on its first item, ↑ on its last; ↑ ↓ Home End move, Escape closes it and
 * returns to the button, Tab leaves it closed; a click outside closes it.
 */
export function ActionMenu({
  label,
  hiddenSuffix = ' actions',
  items,
  disabled = false,
}: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonId = useId();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space press the button (its click opens the menu on the first item).
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = items.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActive(index);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(active >= last ? 0 : active + 1);
      case 'ArrowUp':
        return move(active <= 0 ? last : active - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
      default: {
        // A letter moves to the next item starting with it.
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const letter = event.key.toLowerCase();
        const order = items.map((_, i) => (active + 1 + i) % items.length);
        const next = order.find((i) =>
          (itemRefs.current[i]?.textContent ?? '').trim().toLowerCase().startsWith(letter),
        );
        if (next !== undefined) move(next);
      }
    }
  };

  const choose = (item: ActionMenuItem) => {
    if (item.disabled) return;
    // Focus goes back to the button first, so a dialog the action opens returns there.
    close(true);
    item.onSelect();
  };

  if (items.length === 0) return null;
  return (
    <div className="dash-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="ps-button dash-action dash-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        {hiddenSuffix ? <span className="ps-visually-hidden">{hiddenSuffix}</span> : null}
        <span className="dash-menu__chevron" aria-hidden="true" />
      </button>
      {open ? (
        <ul
          id={menuId}
          className="dash-menu__list"
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <li key={item.key} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === active ? 0 : -1}
                className={`dash-menu__item${item.danger ? ' dash-menu__item--danger' : ''}`}
                aria-disabled={item.disabled || undefined}
                aria-describedby={item.description ? `${menuId}-${item.key}-hint` : undefined}
                onClick={() => choose(item)}
                onMouseEnter={() => setActive(index)}
              >
                {item.label}
              </button>
              {item.description ? (
                <span id={`${menuId}-${item.key}-hint`} className="dash-menu__hint">
                  {item.description}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
