export interface BrandMarkProps {
  /** A second line under the name, e.g. the section of a standalone app. */
  subtitle?: string;
}

/** The ProSign logo mark and name. */
export function BrandMark({ subtitle }: BrandMarkProps) {
  return (
    <span className="ps-brand">
      <span className="ps-brand__logo" aria-hidden="true">
        P
      </span>
      <span className="ps-brand__text">
        <span className="ps-brand__name">ProSign</span>
        {subtitle ? <span className="ps-brand__subtitle">{subtitle}</span> : null}
      </span>
    </span>
  );
}
