import type { ReactNode } from 'react';
import { TOP_LAYER } from './PickerShell';
import {
  Menu as AriaMenu,
  MenuItem,
  MenuTrigger,
  Popover,
  Separator,
} from 'react-aria-components/Menu';
import { Button } from 'react-aria-components/Button';
import { Text } from 'react-aria-components/Text';

export interface MenuAction {
  id: string;
  label: string;
  onAction: () => void;
  disabled?: boolean;
  /** Destructive actions are drawn in the danger colour. */
  danger?: boolean;
  /** Draws a separator above this item. */
  separatorBefore?: boolean;
  /** A line under the label, its accessible description (e.g. why it is disabled). */
  description?: string;
}

export interface MenuProps {
  /** The trigger's content (text or icon). */
  label: ReactNode;
  /** The trigger's accessible name when `label` is not text enough. */
  'aria-label'?: string;
  items: readonly MenuAction[];
  triggerClassName?: string;
  /** Disables the trigger (e.g. while one of the actions runs). */
  isDisabled?: boolean;
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end';
}

/**
 * A button that opens a list of actions (React Aria's Menu): Enter, Space or
 * ArrowDown open it on the first item, ArrowUp on the last; arrow keys and
 * type-ahead move, Enter runs an item, Escape closes and gives focus back to
 * the button. Disabled items are skipped.
 */
export function Menu({
  label,
  items,
  triggerClassName,
  isDisabled,
  placement = 'bottom end',
  ...aria
}: MenuProps) {
  const entries = items.flatMap((item) =>
    item.separatorBefore ? [{ separator: `${item.id}-separator` }, item] : [item],
  );
  return (
    <MenuTrigger>
      <Button
        aria-label={aria['aria-label']}
        className={triggerClassName ?? 'ps-button'}
        isDisabled={isDisabled}
      >
        {label}
      </Button>
      <Popover {...TOP_LAYER} className="ps-popover" placement={placement} offset={4}>
        <AriaMenu
          className="ps-menu"
          disabledKeys={items.filter((item) => item.disabled).map((item) => item.id)}
          onAction={(key) => items.find((item) => item.id === key)?.onAction()}
        >
          {entries.map((entry) =>
            'separator' in entry ? (
              <Separator key={entry.separator} className="ps-menu__separator" />
            ) : (
              <MenuItem
                key={entry.id}
                id={entry.id}
                textValue={entry.label}
                className={`ps-menu__item${entry.danger ? ' ps-menu__item--danger' : ''}`}
              >
                {entry.description ? (
                  <>
                    <Text slot="label">{entry.label}</Text>
                    <Text slot="description" className="ps-menu__description">
                      {entry.description}
                    </Text>
                  </>
                ) : (
                  entry.label
                )}
              </MenuItem>
            ),
          )}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
