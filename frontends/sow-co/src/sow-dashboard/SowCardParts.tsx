import {
  CP_ROLE_LABELS,
  formatPacificWallClock,
  formatUsd,
  parseCpRoles,
  ROUTES,
  STORAGE_KEYS,
  type SowCardView,
} from '@prosign/domain';
import { useEditAndResend } from '@prosign/ui/agreements';

/** The partner roles of a SOW in words ("Designer, On-Site Engineer (OSE)"). */
function sowRoleNames(card: Pick<SowCardView, 'cp_roles'>): string {
  return parseCpRoles(card.cp_roles)
    .map((role) => CP_ROLE_LABELS[role])
    .join(', ');
}

function amountOf(card: Pick<SowCardView, 'payment_amount'>): string | null {
  return Number.isFinite(card.payment_amount) ? formatUsd(card.payment_amount) : null;
}

/** What only a SOW's card shows under the shared lines: the partner's roles and the total fee. */
export function SowCardLines({ card }: { card: SowCardView }) {
  const roles = sowRoleNames(card);
  const amount = amountOf(card);
  return (
    <>
      {roles ? <span className="sow-dash-card__roles">{roles}</span> : null}
      {amount ? <span className="sow-dash-card__amount">Total {amount}</span> : null}
    </>
  );
}

/** The SOW's own rows in the details modal, after the partner's contact and the sender. */
export function sowContactRows(card: SowCardView) {
  return [
    ['Partner roles', sowRoleNames(card)],
    ['Total payment', amountOf(card)],
    ['CC emails', card.cc_emails],
    ['PM', card.pm_email],
    ['Project ID', card.project_id],
    ['Project type', card.project_type],
    ['Timeline', card.project_timeline],
    // Stored as Pacific wall-clock strings; shown in the one format.
    ['Site visit', formatPacificWallClock(card.site_visit_date_time) || null],
    ['Effective date', formatPacificWallClock(card.effective_date) || null],
  ] as const;
}

/**
 * Edit and Resend of a SOW (spec 3 §4): the saved form the server answered is
 * kept as `editAndResendSowContractData`, and /sow opens prefilled from it.
 */
export function useEditAndResendSow() {
  return useEditAndResend('sow', {
    storageKey: STORAGE_KEYS.editAndResendSowContractData,
    route: ROUTES.sow,
    // The card's recipients: /sow asks the same additional signers again.
    stored: (result, card) => ({ ...result.contract, recipients: card.recipients }),
  });
}
