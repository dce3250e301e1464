import { ROUTES } from '@prosign/domain';
import { ErrorPanel } from '@prosign/ui';
import { Route, Routes } from 'react-router';
import { pages } from '../pages';

/** The public signing routes, when the signing app runs on its own origin. */
export function SigningRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.verify} element={<pages.Verify />} />
      <Route path={ROUTES.sowSignature} element={<pages.SowSignature />} />
      <Route path={ROUTES.coSignature} element={<pages.CoSignature />} />
      <Route path={ROUTES.customerSigning} element={<pages.CustomerSigning />} />
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
