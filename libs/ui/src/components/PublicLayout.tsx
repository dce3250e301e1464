import type { ReactNode } from 'react';
import { AppFooter } from './AppFooter';
import { BrandMark } from './BrandMark';

export interface PublicLayoutProps {
  subtitle?: string;
  children?: ReactNode;
}

/**
 * The frame of public pages (signing, verification, login, errors): the brand,
 * the page and the footer — no staff navigation.
 */
export function PublicLayout({ subtitle, children }: PublicLayoutProps) {
  return (
    <div className="ps-public">
      <header className="ps-public__header">
        <BrandMark subtitle={subtitle} />
      </header>
      <main id="main-content" className="ps-public__main" tabIndex={-1}>
        {children}
      </main>
      <AppFooter />
    </div>
  );
}
