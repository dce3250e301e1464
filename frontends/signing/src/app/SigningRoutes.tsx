import { linkSigningFamilies, linkSigningRoute, ROUTES } from '@prosign/domain';
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
const LinkSignatureRoutePage = lazy(() =>
  import(/* webpackChunkName: "link-signature-route" */ '../pages/LinkSignatureRoutePage').then(
    (module) => ({ default: module.LinkSignatureRoutePage }),
  ),
);

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState label="Loading…" />}>{children}</Suspense>;
}

/**
 * The public signing routes, when the signing app runs on its own origin: the
 * verification page, each link-signed family's page at `/{segment}/:customId`
 * (its definition's, read at render so a family registered at start has one),
 * then the customer's single-segment `/:token`.
 */
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
      {linkSigningFamilies().map((family) => (
        <Route
          key={family.id}
          path={linkSigningRoute(family)}
          element={
            <Loading>
              <LinkSignatureRoutePage />
            </Loading>
          }
        />
      ))}
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
