import type { DOMAttributes, ReactElement, ReactNode } from 'react';
import { Focusable, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components/Tooltip';

export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode;
  /** One focusable element (a button, a link) that the tooltip describes. */
  children: ReactElement<DOMAttributes<HTMLElement>, string>;
  placement?: 'top' | 'bottom' | 'start' | 'end';
  /** Hover delay in ms; keyboard focus shows it at once. */
  delay?: number;
}

/**
 * A short description shown on hover (after a delay) and at once on keyboard
 * focus (React Aria's Tooltip); Escape hides it. The trigger is described by it
 * (`aria-describedby`), so screen readers read it too.
 */
export function Tooltip({ content, children, placement = 'top', delay = 600 }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay}>
      <Focusable>{children}</Focusable>
      <AriaTooltip className="ps-tooltip" placement={placement} offset={6}>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
