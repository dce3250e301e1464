import { PlaceholderPage } from '@prosign/ui';

export function TermsPage() {
  return (
    <PlaceholderPage
      title="Default Terms and Conditions"
      description="Edit the default terms-and-conditions text used by every service that takes the default."
    />
  );
}
