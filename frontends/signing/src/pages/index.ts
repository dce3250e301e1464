import type { ComponentType } from 'react';
import { CoSignaturePage } from './CoSignaturePage';
import { CustomerSigningPage } from './CustomerSigningPage';
import { SowSignaturePage } from './SowSignaturePage';
import { VerifyPage } from './VerifyPage';

/**
 * What this remote exposes as `./pages`: the shell's route table renders these
 * by name. Keep the names in step with frontends/shell/src/remotes/remote-registry.ts.
 */
export const pages = {
  CustomerSigning: CustomerSigningPage,
  Verify: VerifyPage,
  SowSignature: SowSignaturePage,
  CoSignature: CoSignaturePage,
} satisfies Record<string, ComponentType>;
