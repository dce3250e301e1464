import { PlaceholderPage } from '@prosign/ui';

/** /verify/:token — the public verification page (spec 1 §2.1). */
export function VerifyPage() {
  return (
    <PlaceholderPage
      title="Verification"
      description="Confirms a signing link for its recipient, without a staff login."
    />
  );
}
