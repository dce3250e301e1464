import type { ComponentType } from 'react';
import { CustomerSigningPage } from './CustomerSigningPage';
import { LinkSignatureRoutePage } from './LinkSignatureRoutePage';
import { VerifyPage } from './VerifyPage';

/**
 * What this remote exposes as `./pages`: the shell's route table renders these
 * by name. Keep the names in step with frontends/shell/src/remotes/remote-registry.ts.
 */
export const pages = {
  CustomerSigning: CustomerSigningPage,
  Verify: VerifyPage,
  /** Every link-signed family's page: the family is read from the path. */
  LinkSignature: LinkSignatureRoutePage,
  // The names a shell of the previous release asks for (the same page).
  SowSignature: LinkSignatureRoutePage,
  CoSignature: LinkSignatureRoutePage,
} satisfies Record<string, ComponentType>;
