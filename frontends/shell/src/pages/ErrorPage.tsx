import { ROUTES, errorPageTitle, parseErrorPageQuery } from '@prosign/domain';
import { Link, useSearchParams } from 'react-router';

/**
 * The error page (spec 1 §2.1): "<status> Error" and the message from the
 * query; the status is said once, in the heading.
 */
export function ErrorPage() {
  const [params] = useSearchParams();
  const { status, message } = parseErrorPageQuery(params);
  return (
    <section className="status-page" aria-labelledby="error-page-title">
      <h1 id="error-page-title" className="status-page__title">
        {errorPageTitle(status)}
      </h1>
      <p className="status-page__message">{message}</p>
      <Link className="ps-button ps-button--primary" to={ROUTES.home}>
        Go to the home page
      </Link>
    </section>
  );
}
