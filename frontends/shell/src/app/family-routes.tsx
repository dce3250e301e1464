import {
  allFamilies,
  linkSigningFamilies,
  linkSigningRoute,
  type BuiltInFamily,
  type FamilyDefinition,
} from '@prosign/domain';
import { LoadingState } from '@prosign/ui';
import { lazy, Suspense, type ReactElement } from 'react';
import { Route } from 'react-router';
import { ChangeOrderRoute } from '../pages/ChangeOrderRoute';
import { RemotePage } from '../remotes/RemotePage';

// The generic dashboard (and the shared dashboard parts it brings) loads only when opened.
const FamilyDashboardPage = lazy(() =>
  import(
    /* webpackChunkName: "family-dashboard" */ '../features/family-dashboard/FamilyDashboardPage'
  ).then((module) => ({ default: module.FamilyDashboardPage })),
);

/** The screens a family brings of its own, each loaded when opened (a remote's page). */
interface FamilyScreens {
  /** Its dashboard, at `dashboard.path`. */
  dashboard?: ReactElement;
  /** Its creation screen, at `creationPath`. */
  creation?: ReactElement;
}

/** The built-in families' own screens; any other family gets the generic dashboard. */
const BUILT_IN_SCREENS: Readonly<Record<BuiltInFamily, FamilyScreens>> = {
  standard: {
    dashboard: <RemotePage remote="contracts" page="Dashboard" section="Dashboard" />,
    creation: <RemotePage remote="contracts" page="CreateContract" section="Home" />,
  },
  sow: {
    dashboard: <RemotePage remote="sowCo" page="SowDashboard" section="SOW Dashboard" />,
    creation: <RemotePage remote="sowCo" page="Sow" section="SOW Home" />,
  },
  // Listed under Show CO on the contract dashboard; its creation screen needs the deal.
  co: { creation: <ChangeOrderRoute /> },
  // The generic dashboard at /documents; its creation is the field builder's (/documents/new).
  document: {},
};

function screensOf(definition: FamilyDefinition): FamilyScreens | undefined {
  return (BUILT_IN_SCREENS as Partial<Record<string, FamilyScreens>>)[definition.id];
}

function GenericDashboard({ definition }: { definition: FamilyDefinition }) {
  return (
    <Suspense fallback={<LoadingState label={`Loading ${definition.label} Dashboard…`} />}>
      <FamilyDashboardPage family={definition.id} />
    </Suspense>
  );
}

/**
 * Each family's staff routes, from its definition (read at render, so a family
 * registered at start has them): its dashboard at `dashboard.path` unless it is
 * listed under another family's, its own screen or the generic one; its creation
 * screen at `creationPath` when it has one.
 */
export function familyStaffRoutes(): ReactElement[] {
  return allFamilies().flatMap((definition) => {
    const screens = screensOf(definition);
    const routes: ReactElement[] = [];
    if (!definition.dashboard.listedUnder) {
      routes.push(
        <Route
          key={`${definition.id}-dashboard`}
          path={definition.dashboard.path}
          element={screens?.dashboard ?? <GenericDashboard definition={definition} />}
        />,
      );
    }
    if (definition.creationPath && screens?.creation) {
      routes.push(
        <Route
          key={`${definition.id}-creation`}
          path={definition.creationPath}
          element={screens.creation}
        />,
      );
    }
    return routes;
  });
}

/** Each link-signed family's public signing page, `/{segment}/:customId` (the signing remote's). */
export function linkSigningRoutes(): ReactElement[] {
  return linkSigningFamilies().map((definition) => (
    <Route
      key={definition.id}
      path={linkSigningRoute(definition)}
      element={
        <RemotePage remote="signing" page="LinkSignature" section={`${definition.label} signing`} />
      }
    />
  ));
}
