import { PlaceholderPage } from '@prosign/ui';

export function DashboardPage() {
  return (
    <PlaceholderPage
      title="Contract Dashboard"
      description="Track every contract with its status, signers, reminders and history, with search and filters."
    />
  );
}
