import type { DealSummary } from '../contract-draft';

/** The chosen deal at a glance in the left panel (client, site, stage, amount). */
export function DealSummaryCard({ deal }: { deal: DealSummary }) {
  const rows: [string, string][] = [
    ['Client', deal.client],
    ['Address', deal.address],
    ['Stage', deal.stage],
    ['Amount', deal.amount],
    ['Deal ID', deal.dealId],
  ];
  return (
    <section className="ps-deal-summary" aria-label="Chosen deal">
      <dl>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="ps-deal-summary__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
