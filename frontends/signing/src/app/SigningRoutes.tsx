import { ROUTES } from '@prosign/domain';
import { ErrorPanel, LoadingState } from '@prosign/ui';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { CustomerSigningPage } from '../pages/CustomerSigningPage';

// Signers almost always open the customer signing page; the other pages load
// on demand so the first render of that page stays small.
const VerifyPage = lazy(() =>
  Promise.all([
    import(/* webpackChunkName: "verify" */ '../pages/VerifyPage'),
    import('./EnsureQueryClient'),
  ]).then(([{ VerifyPage: Page }, { EnsureQueryClient }]) => ({
    default: () => (
      <EnsureQueryClient>
        <Page />
      </EnsureQueryClient>
    ),
  })),
);
const SowSignaturePage = lazy(() =>
  import(/* webpackChunkName: "sow-signature" */ '../pages/SowSignaturePage').then((module) => ({
    default: module.SowSignaturePage,
  })),
);
const CoSignaturePage = lazy(() =>
  import(/* webpackChunkName: "co-signature" */ '../pages/CoSignaturePage').then((module) => ({
    default: module.CoSignaturePage,
  })),
);

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState label="Loading…" />}>{children}</Suspense>;
}

/** The public signing routes, when the signing app runs on its own origin. */
export function SigningRoutes() {
  return (
    <Routes>
      <Route
        path={ROUTES.verify}
        element={
          <Loading>
            <VerifyPage />
          </Loading>
        }
      />
      <Route
        path={ROUTES.sowSignature}
        element={
          <Loading>
            <SowSignaturePage />
          </Loading>
        }
      />
      <Route
        path={ROUTES.coSignature}
        element={
          <Loading>
            <CoSignaturePage />
          </Loading>
        }
      />
      <Route path={ROUTES.customerSigning} element={<CustomerSigningPage />} />
      <Route
        path="*"
        element={
          <ErrorPanel
            headingLevel={1}
            title="Open your signing link"
            message="This page has nothing to sign. Use the link from the e-mail you received."
          />
        }
      />
    </Routes>
  );
}
