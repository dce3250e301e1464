import { ACCESS_FLAG_LABELS, buildNavModel, type AccessFlag } from '@prosign/domain';
import { Link } from 'react-router';
import { useAccessFlags } from '../access/AccessFlagsContext';

/** A staff page the signed-in person's flags do not allow. */
export function NoAccessPage({ flag }: { flag: AccessFlag }) {
  const flags = useAccessFlags();
  const first = buildNavModel(flags)
    .flatMap((item) => (item.kind === 'link' ? [item] : item.items))
    .at(0);
  return (
    <section className="status-page" aria-labelledby="no-access-title">
      <p className="status-page__code" aria-hidden="true">
        403
      </p>
      <h1 id="no-access-title" className="status-page__title">
        No access
      </h1>
      <p className="status-page__message">
        Your account does not have access to <strong>{ACCESS_FLAG_LABELS[flag]}</strong>. If you
        need it, ask an administrator to turn it on for you in User Access.
      </p>
      {first ? (
        <Link className="ps-button ps-button--primary" to={first.path}>
          Go to {first.label}
        </Link>
      ) : (
        <p className="status-page__message">Your account has no sections yet.</p>
      )}
    </section>
  );
}
