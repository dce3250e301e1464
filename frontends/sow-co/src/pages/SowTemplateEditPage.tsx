import { PlaceholderPage } from '@prosign/ui';

export function SowTemplateEditPage() {
  return (
    <PlaceholderPage
      title="SOW & CO Template Editing"
      description="Edit the SOW and change-order template text (administrators only)."
    />
  );
}
