/**
 * How money is written everywhere (documents, forms, inputs): US dollars to
 * the cent. `formatUsd` and the money inputs of `@prosign/ui/controls` use it.
 */
export const USD_FORMAT: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};

/** Steps of the money inputs (spec 3 §5, §9): SOW fees to the cent, CO fee and split payments by 10. */
export const MONEY_STEP = { cents: 0.01, changeOrder: 10 } as const;

const usd = new Intl.NumberFormat('en-US', USD_FORMAT);

/** Money as every document, form and card shows it: "$12,500.00". */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}
