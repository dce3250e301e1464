import { PlaceholderPage } from '@prosign/ui';

export function CreateContractPage() {
  return (
    <PlaceholderPage
      title="Create Contract"
      description="Pick a CRM deal and its signatories, choose a service and terms, and send the agreement for signature."
    />
  );
}
