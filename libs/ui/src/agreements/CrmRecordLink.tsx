import { useActionViewer } from '@prosign/api-client';
import {
  crmRecordPagePath,
  familyDefinition,
  isAgreementFamily,
  type AgreementCardCore,
  type CrmRecordViewType,
} from '@prosign/domain';
import { Link, useInRouterContext } from 'react-router';

/** The CRM ids a card may carry: a deal's (`deal_id`, a standard contract's `hsDealId`) or a project's. */
type CardCrmFields = AgreementCardCore & {
  hsDealId?: string | null;
  deal_id?: string | null;
  project_id?: string | null;
};

const CRM_ID = /^\d{1,20}$/;

/**
 * The CRM record an agreement writes on, of the kind its family's definition
 * names (`crm.record`): a standard contract's or a change order's deal, a SOW's
 * project; null when the card names none (or not as a CRM id).
 */
export function crmRecordOfCard(
  card: AgreementCardCore,
): { type: CrmRecordViewType; id: string } | null {
  if (!isAgreementFamily(card.family)) return null;
  const fields = card as CardCrmFields;
  const [type, id] =
    familyDefinition(card.family).crm.record === 'project'
      ? (['projects', fields.project_id] as const)
      : (['deals', fields.deal_id || fields.hsDealId] as const);
  const trimmed = id?.trim() ?? '';
  return CRM_ID.test(trimmed) ? { type, id: trimmed } : null;
}

const NOUNS: Record<CrmRecordViewType, string> = { deals: 'deal', projects: 'project' };

/** Administrators: a link to the staff app's "CRM record" page of the agreement's deal or project. */
export function CrmRecordLink({ card }: { card: AgreementCardCore }) {
  const viewer = useActionViewer();
  const inRouter = useInRouterContext();
  const record = crmRecordOfCard(card);
  if (!viewer.isAdmin || !record) return null;
  const path = crmRecordPagePath(record.type, record.id);
  const text = `CRM record (${NOUNS[record.type]} ${record.id})`;
  return (
    <p className="dash-details__views">
      {inRouter ? <Link to={path}>{text}</Link> : <a href={path}>{text}</a>}
    </p>
  );
}
