import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The screen's name; rendered as the page's single h1. */
  title: string;
  description?: ReactNode;
  /** Buttons or links aligned to the right of the title. */
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="ps-page-header">
      <div className="ps-page-header__text">
        <h1 className="ps-page-header__title">{title}</h1>
        {description ? <p className="ps-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="ps-page-header__actions">{actions}</div> : null}
    </header>
  );
}
