import { PlaceholderPage } from '@prosign/ui';

export function InvoicesPage() {
  return (
    <PlaceholderPage
      title="Invoices"
      description="Track the deposit, progress and balance invoices of signed contracts, and send invoices and reminders."
    />
  );
}
