import { PlaceholderPage } from '@prosign/ui';

export function SowDashboardPage() {
  return (
    <PlaceholderPage
      title="SOW Dashboard"
      description="Track SOW contracts and change orders: status, signers, reminders and history."
    />
  );
}
