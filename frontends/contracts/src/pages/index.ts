import type { ComponentType } from 'react';
import { CreateContractPage } from '../create/CreateContractPage';
import { DocumentBuilderPage } from '../documents/DocumentBuilderPage';
import { DocumentTemplatesPage } from '../documents/templates/DocumentTemplatesPage';
import { DashboardPage } from './DashboardPage';
import { ServicesPage } from './ServicesPage';
import { TermsPage } from './TermsPage';

/**
 * What this remote exposes as `./pages`: the shell's route table renders these
 * by name. Keep the names in step with frontends/shell/src/remotes/remote-registry.ts.
 */
export const pages = {
  CreateContract: CreateContractPage,
  Dashboard: DashboardPage,
  DocumentBuilder: DocumentBuilderPage,
  DocumentTemplates: DocumentTemplatesPage,
  Services: ServicesPage,
  Terms: TermsPage,
} satisfies Record<string, ComponentType>;
