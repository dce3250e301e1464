import { PlaceholderPage } from '@prosign/ui';

/** /:token?docLink=…&prefix=… — the customer's signing page (spec 1 §2.4). */
export function CustomerSigningPage() {
  return (
    <PlaceholderPage
      title="Agreement Signing"
      description="The customer passes the robot check, reviews the agreement, adds a signature and initials, and finishes."
    />
  );
}
