import type { ComponentType } from 'react';
import { ChangeOrderPage } from '../co/ChangeOrderPage';
import { SowPage } from '../sow/SowPage';
import { SowDashboardPage } from './SowDashboardPage';
import { SowTemplateEditPage } from './SowTemplateEditPage';

/**
 * What this remote exposes as `./pages`: the shell's route table renders these
 * by name. Keep the names in step with frontends/shell/src/remotes/remote-registry.ts.
 */
export const pages = {
  ChangeOrder: ChangeOrderPage,
  Sow: SowPage,
  SowDashboard: SowDashboardPage,
  SowTemplateEdit: SowTemplateEditPage,
} satisfies Record<string, ComponentType>;
