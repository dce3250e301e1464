import { ROUTES } from '@prosign/domain';
import type { ComponentType } from 'react';
import { pages } from './pages';

/** The routes this remote serves when opened on its own origin (a development preview). */
export const standaloneRoutes: ReadonlyArray<{ path: string; Page: ComponentType }> = [
  { path: ROUTES.invoices, Page: pages.Invoices },
];
