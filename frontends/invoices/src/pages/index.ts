import type { ComponentType } from 'react';
import { InvoicesPage } from './InvoicesPage';

/**
 * What this remote exposes as `./pages`: the shell's route table renders these
 * by name. Keep the names in step with frontends/shell/src/remotes/remote-registry.ts.
 */
export const pages = {
  Invoices: InvoicesPage,
} satisfies Record<string, ComponentType>;
