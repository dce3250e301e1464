export interface AppFooterProps {
  /** Defaults to the current year. */
  year?: number;
}

/** The footer of every ProSign page: the copyright line. */
export function AppFooter({ year = new Date().getFullYear() }: AppFooterProps) {
  return (
    <footer className="ps-footer">
      <span>© {year} ProSign</span>
      <span className="ps-footer__tagline">Contract management and e-signature</span>
    </footer>
  );
}
