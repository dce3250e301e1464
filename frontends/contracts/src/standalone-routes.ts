import { ROUTES } from '@prosign/domain';
import type { ComponentType } from 'react';
import { pages } from './pages';

/** The routes this remote serves when opened on its own origin (a development preview). */
export const standaloneRoutes: ReadonlyArray<{ path: string; Page: ComponentType }> = [
  { path: ROUTES.home, Page: pages.CreateContract },
  { path: ROUTES.dashboard, Page: pages.Dashboard },
  { path: ROUTES.services, Page: pages.Services },
  { path: ROUTES.terms, Page: pages.Terms },
  { path: ROUTES.documentNew, Page: pages.DocumentBuilder },
];
