import { PlaceholderPage } from '@prosign/ui';

export function ChangeOrderPage() {
  return (
    <PlaceholderPage
      title="Create Change Order"
      description="Prepare a change order for a CRM deal and send it to the client for signature."
    />
  );
}
