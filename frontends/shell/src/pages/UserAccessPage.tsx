import { PlaceholderPage } from '@prosign/ui';

/** /user-access belongs to the shell: identity is the host's concern (ARCHITECTURE §1). */
export function UserAccessPage() {
  return (
    <PlaceholderPage
      title="User Access"
      description="Search staff users, set their roles (admin, csm, pm) and access flags, add and remove users."
    />
  );
}
