import { COUNTERSIGN_PAGE_PATH, INSIGHTS_PAGE_PATH, ROUTES } from '@prosign/domain';
import { Route, Routes } from 'react-router';
import { ErrorPageLayout } from '../layout/ErrorPageLayout';
import { PublicLayout } from '../layout/PublicLayout';
import { StaffLayout } from '../layout/StaffLayout';
import { ErrorPage } from '../pages/ErrorPage';
import { MailboxPage } from '../pages/MailboxPage';
import { WebhookInboxPage } from '../features/webhook-inbox/WebhookInboxPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { CountersignPage } from '../features/countersign/CountersignPage';
import { CountersignQueuePage } from '../features/countersign/CountersignQueuePage';
import { CrmRecordPage } from '../features/crm/CrmRecordPage';
import { CrmStagesPage } from '../features/crm/CrmStagesPage';
import { PortalPage } from '../features/portal/PortalPage';
import { StuckOperationsPage } from '../features/stuck-operations/StuckOperationsPage';
import { ApiKeysPage } from '../features/api-keys/ApiKeysPage';
import { WebhooksPage } from '../features/webhooks/WebhooksPage';
import { UserAccessPage } from '../features/user-access/UserAccessPage';
import { InsightsPage } from '../features/insights/InsightsPage';
import { RemotePage } from '../remotes/RemotePage';
import { RequireStaffSession } from '../session/RequireStaffSession';
import { familyStaffRoutes, linkSigningRoutes } from './family-routes';

/**
 * The route table (spec 1 §2.1). Staff routes need a session and render inside the staff layout;
 * public ones without the staff navigation. Each family's dashboard, creation
 * screen and signing page come from its definition (family-routes.tsx). Static
 * paths outrank the customer signing page's single `/:token` segment; longer
 * unknown paths are not found.
 */
export function ShellRoutes() {
  return (
    <Routes>
      <Route
        element={
          <RequireStaffSession>
            <StaffLayout />
          </RequireStaffSession>
        }
      >
        {familyStaffRoutes()}
        <Route
          path={ROUTES.services}
          element={<RemotePage remote="contracts" page="Services" section="Services" />}
        />
        <Route
          path={ROUTES.terms}
          element={<RemotePage remote="contracts" page="Terms" section="Terms" />}
        />
        <Route
          path={ROUTES.documentNew}
          element={<RemotePage remote="contracts" page="DocumentBuilder" section="New document" />}
        />
        <Route
          path={ROUTES.documentTemplates}
          element={
            <RemotePage remote="contracts" page="DocumentTemplates" section="Document templates" />
          }
        />
        <Route path={ROUTES.userAccess} element={<UserAccessPage />} />
        {/* Staff with insightsAccess (the layout gates it by its navigation entry). */}
        <Route path={INSIGHTS_PAGE_PATH} element={<InsightsPage />} />
        <Route path={ROUTES.mailbox} element={<MailboxPage />} />
        <Route path={ROUTES.webhookInbox} element={<WebhookInboxPage />} />
        {/* Administrators only (the pages say so to anyone else): the CRM screens. */}
        <Route path={ROUTES.crmStages} element={<CrmStagesPage />} />
        <Route path={ROUTES.crmRecord} element={<CrmRecordPage />} />
        {/* Administrators only: stopped sends and finishes, a waiting seal's way out. */}
        <Route path={ROUTES.stuckOperations} element={<StuckOperationsPage />} />
        {/* Administrators only: what other systems use (the public api's keys, webhooks). */}
        <Route path={ROUTES.apiKeys} element={<ApiKeysPage />} />
        <Route path={ROUTES.webhooks} element={<WebhooksPage />} />
        {/* Every staff member: no section flag (only what names them can be signed). */}
        <Route path={COUNTERSIGN_PAGE_PATH} element={<CountersignQueuePage />} />
        <Route path={`${COUNTERSIGN_PAGE_PATH}/:agreementId`} element={<CountersignPage />} />
        <Route
          path={ROUTES.invoices}
          element={<RemotePage remote="invoices" page="Invoices" section="Invoices" />}
        />
        <Route
          path={ROUTES.sowTemplateEdit}
          element={<RemotePage remote="sowCo" page="SowTemplateEdit" section="SOW/CO Services" />}
        />
      </Route>
      <Route element={<ErrorPageLayout />}>
        <Route path={ROUTES.error} element={<ErrorPage />} />
      </Route>
      <Route element={<PublicLayout />}>
        <Route path={ROUTES.portal} element={<PortalPage />} />
        <Route
          path={ROUTES.verify}
          element={<RemotePage remote="signing" page="Verify" section="Verification" />}
        />
        {linkSigningRoutes()}
        <Route
          path={ROUTES.customerSigning}
          element={
            <RemotePage remote="signing" page="CustomerSigning" section="Agreement signing" />
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
