import { ROUTES } from '@prosign/domain';
import { useId } from 'react';
import { Link } from 'react-router';

/**
 * An administrators' page (CRM, API keys, webhooks) for someone who is not one: nothing is
 * fetched (the server would refuse it anyway).
 */
export function AdminOnlyPage({ page }: { page: string }) {
  const titleId = useId();
  return (
    <section className="status-page" aria-labelledby={titleId}>
      <p className="status-page__code" aria-hidden="true">
        403
      </p>
      <h1 id={titleId} className="status-page__title">
        No access
      </h1>
      <p className="status-page__message">{`${page} is for administrators only.`}</p>
      <Link className="ps-button ps-button--primary" to={ROUTES.home}>
        Go to the start page
      </Link>
    </section>
  );
}
