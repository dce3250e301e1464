import { ROUTES } from '@prosign/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { CRM_RECORD_TEXTS, CRM_STAGES_TEXTS } from '../utils/crm-texts';

/** User Access, administrators only: where the CRM screens are. */
export function CrmAdminLinks() {
  const titleId = useId();
  return (
    <section className="ps-card cs-defaults" aria-labelledby={titleId}>
      <h2 id={titleId} className="ua-section-title">
        CRM
      </h2>
      <ul className="crm-admin-links">
        <li>
          <Link to={ROUTES.crmStages}>{CRM_STAGES_TEXTS.title}</Link>: where each agreement event
          moves the deal in each pipeline.
        </li>
        <li>
          <Link to={ROUTES.crmRecord}>{CRM_RECORD_TEXTS.title}</Link>: a deal or project with the
          notes, files and stage moves ProSign wrote on it.
        </li>
      </ul>
    </section>
  );
}
