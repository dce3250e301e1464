import { PlaceholderPage } from '@prosign/ui';

export function ServicesPage() {
  return (
    <PlaceholderPage
      title="Services"
      description="Maintain the agreement templates: add, update, reorder, copy and delete services."
    />
  );
}
