import type { AgreementListQuery } from '@prosign/api-client';
import type { ComponentType } from 'react';

/** What the dashboard hands the change-order list when Show CO is on (the same query as contracts). */
export interface ChangeOrderListProps {
  query: AgreementListQuery;
}

export type ChangeOrderListComponent = ComponentType<ChangeOrderListProps>;

/**
 * The change-order list until the CO feature brings its own: the dashboard
 * renders whichever component it is given here, so the CO list plugs in
 * without touching the contract cards.
 */
export function ChangeOrdersComingSoon(_props: ChangeOrderListProps) {
  return (
    <div className="dash-empty ps-card" role="status">
      <p>No change orders to show yet.</p>
      <p className="dash-empty__hint">Change orders arrive with the CO feature.</p>
    </div>
  );
}
