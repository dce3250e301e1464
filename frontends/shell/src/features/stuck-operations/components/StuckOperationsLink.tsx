import { ROUTES } from '@prosign/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { STUCK_TEXTS as T } from '../utils/stuck-texts';
import '../stuck-operations.css';

/** User Access, administrators only: where the stuck operations page is. */
export function StuckOperationsLink() {
  const titleId = useId();
  return (
    <section className="ps-card cs-defaults" aria-labelledby={titleId}>
      <h2 id={titleId} className="ua-section-title">
        {T.linkSection}
      </h2>
      <p className="so-link-text">
        <Link to={ROUTES.stuckOperations}>{T.title}</Link>: {T.linkText}
      </p>
    </section>
  );
}
