import { PlaceholderPage } from '@prosign/ui';

/** /sow-signature/:customId — the community partner signs a Scope-of-Work (spec 3). */
export function SowSignaturePage() {
  return (
    <PlaceholderPage
      title="SOW Signing"
      description="The community partner reviews the Scope-of-Work contract and signs it."
    />
  );
}
