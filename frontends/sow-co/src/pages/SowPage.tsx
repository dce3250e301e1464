import { PlaceholderPage } from '@prosign/ui';

export function SowPage() {
  return (
    <PlaceholderPage
      title="SOW Home"
      description="Create a Scope-of-Work contract for a community partner from a CRM project and send it for signature."
    />
  );
}
