import { Menu, type MenuAction } from '@prosign/ui/controls';
import './agreements.css';

export interface ActionMenuItem {
  key: string;
  label: string;
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
 * A card's "More actions" menu on the shared `Menu` of `@prosign/ui/controls`
 * (React Aria): Enter, Space, ↓ or a click open it on its first item, ↑ on its
 * last; arrows, Home/End and letters move, Enter runs an item, Escape closes it
 * and gives focus back to the button. Disabled items are shown with their reason
 * and skipped.
 */
export function ActionMenu({
  label,
  hiddenSuffix = ' actions',
  items,
  disabled = false,
}: ActionMenuProps) {
  if (items.length === 0) return null;
  const actions: MenuAction[] = items.map((item) => ({
    id: item.key,
    label: item.label,
    disabled: item.disabled,
    description: item.description,
    danger: item.danger,
    onAction: item.onSelect,
  }));
  return (
    <div className="dash-menu">
      <Menu
        label={
          <>
            {label}
            {hiddenSuffix ? <span className="ps-visually-hidden">{hiddenSuffix}</span> : null}
            <span className="dash-menu__chevron" aria-hidden="true" />
          </>
        }
        items={actions}
        isDisabled={disabled}
        triggerClassName="ps-button dash-action dash-menu__button"
        placement="bottom end"
      />
    </div>
  );
}
