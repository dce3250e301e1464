import { PlaceholderPage } from '@prosign/ui';

export function PortalPage() {
  return (
    <PlaceholderPage
      title="Staff Sign-in"
      description="Staff type their user name, and listed users sign in with their company identity account."
    />
  );
}
