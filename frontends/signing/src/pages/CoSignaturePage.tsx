import { PlaceholderPage } from '@prosign/ui';

/** /co-signature/:customId — the client signs a change order (spec 3). */
export function CoSignaturePage() {
  return (
    <PlaceholderPage
      title="Change Order Signing"
      description="The client reviews the change order and signs it."
    />
  );
}
