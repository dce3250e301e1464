import { ROUTES } from '@prosign/domain';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="status-page__title">
        Page not found
      </h1>
      <p className="status-page__message">
        There is no page at <code>{pathname}</code>. Check the link, or start again from the home
        page.
      </p>
      <Link className="ps-button ps-button--primary" to={ROUTES.home}>
        Go to the home page
      </Link>
    </section>
  );
}
