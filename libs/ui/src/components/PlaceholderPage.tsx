import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';

export interface PlaceholderPageProps {
  title: string;
  /** One line on what the screen will do. */
  description: string;
  children?: ReactNode;
}

/** A screen that is routed and reachable but not built yet. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  return (
    <div className="ps-page">
      <PageHeader title={title} description={description} />
      <div className="ps-card ps-card--muted">
        <p className="ps-placeholder__note">
          This screen is being built. Its features arrive in a later release.
        </p>
        {children}
      </div>
    </div>
  );
}
