import type { INestApplication } from '@nestjs/common';
import { BUILT_IN_FAMILIES, type AccessFlag, type AgreementFamily } from '@prosign/domain';
import request from 'supertest';
import { DEMO_USERS } from '../src/seed/access-demo.seeder';
import { STAFF_MERGE_REFUSED } from '../src/modules/signing/signer-template.controller';
import { CO_TEMPLATE_UNAUTHORIZED } from '../src/modules/families/co/co-creation.controller';
import { SOW_TEMPLATE_UNAUTHORIZED } from '../src/modules/families/sow/sow.controller';
import { ADMIN_ONLY_MESSAGE } from '../src/platform/auth/session.guard';
import {
  agreementsOfEachFamily,
  familyCalls,
  familyForms,
  storedSends,
  targetsOf,
  type FamilyAgreements,
  type FamilyCall,
} from './support/cross-family';
import { DEMO_ROLES, signInDemoUsers, type DemoRole } from './support/demo-users';
import { discoverHttpRoutes, type HttpRoute } from './support/http-routes';
import { seedBaseData } from './support/seed';
import { asStaff, SHELL_ORIGIN, staffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/**
 * Who may call which route, for every HTTP route of the api. The routes are
 * discovered at run time from the controllers Nest built: a route missing here
 * fails the suite, so a new route cannot ship without someone deciding (and a
 * guard enforcing) who may call it.
 */
type Rule =
  /** Anyone, no session (sign-in calls, health, docLinks, the public verify page). */
  | { kind: 'public' }
  /** Signers only: the captcha pass and link token, never a staff session alone. */
  | { kind: 'signer' }
  /** Any listed staff member. */
  | { kind: 'session' }
  /** Staff with any one of these flags. */
  | { kind: 'flags'; flags: AccessFlag[] }
  /** Administrators (with this flag too, when given). */
  | { kind: 'admin'; flag?: AccessFlag }
  /** A signer, or staff with one of these flags (spec 1 §7 finishing calls). */
  | { kind: 'signer-or-flags'; flags: AccessFlag[] }
  /** A signer only, staff refused by the handler (merge-docs: only the finish seals). */
  | { kind: 'signer-not-staff' }
  /**
   * The public api (`/api/v1`): an API key only, never a staff session (the key walk,
   * public-api-access.integration-spec.ts, checks each scope).
   */
  | { kind: 'api-key' };

const PUBLIC: Rule = { kind: 'public' };
const SIGNER: Rule = { kind: 'signer' };
const SESSION: Rule = { kind: 'session' };
const ADMIN: Rule = { kind: 'admin' };
const API_KEY: Rule = { kind: 'api-key' };
const flags = (...list: AccessFlag[]): Rule => ({ kind: 'flags', flags: list });
const HOME = flags('homeAccess');
const DASHBOARD = flags('dashboardAccess');
const SERVICES = flags('servicesAccess');
const USER_ACCESS = flags('userAccessAccess');
const SOW = flags('sowAccess');
const SOW_DASHBOARD = flags('sowDashboardAccess');
const DOCUMENTS = flags('documentsAccess');

const EXPECTED: Record<string, Rule> = {
  // Sign-in and session
  'GET /api/auth/options': PUBLIC,
  'POST /api/auth/check-user': PUBLIC,
  'POST /api/auth/local': PUBLIC,
  'POST /api/auth/logout': PUBLIC,
  'GET /api/auth/session': SESSION,
  // Platform
  'GET /api/health': PUBLIC,
  'GET /api/diagnostics/echo/:jobId': ADMIN,
  'POST /api/diagnostics/echo': ADMIN,
  // User access
  'GET /api/access/user': SESSION,
  'GET /api/access/is-admin/:email': SESSION,
  'GET /api/access/get-accesses-for-email/:email': SESSION,
  'POST /api/access/user': USER_ACCESS,
  'DELETE /api/access/user': USER_ACCESS,
  'PUT /api/access/role': USER_ACCESS,
  'POST /api/access/toggle-access': USER_ACCESS,
  'GET /api/access/audit': USER_ACCESS,
  // Insights: the page's figures and the reader's digest choice
  'GET /api/insights': flags('insightsAccess'),
  'GET /api/insights/digest': flags('insightsAccess'),
  'POST /api/insights/digest': flags('insightsAccess'),
  // Mail
  'GET /api/mail/deliveries': ADMIN,
  'GET /api/mail/deliveries/:id': ADMIN,
  'POST /api/mail/deliveries/:id/retry': ADMIN,
  'POST /api/agreements/:id/mail/retry': flags('dashboardAccess', 'sowDashboardAccess'),
  'GET /api/admin/stuck-operations': ADMIN,
  // The queue view (bull-board): its page, static files and API
  'GET /api/admin/queues': ADMIN,
  'GET /api/admin/queues/{*path}': ADMIN,
  'PUT /api/admin/queues/{*path}': ADMIN,
  'PATCH /api/admin/queues/{*path}': ADMIN,
  'POST /api/admin/queues/{*path}': ADMIN,
  'POST /api/mail/test': ADMIN,
  // API keys for the public api
  'GET /api/api-keys': ADMIN,
  'POST /api/api-keys': ADMIN,
  'POST /api/api-keys/:id/revoke': ADMIN,
  'POST /api/api-keys/:id/rotate': ADMIN,
  // The public api: its routes take a key; its document and reference page are open to anyone
  'GET /api/v1/agreements': API_KEY,
  'POST /api/v1/agreements': API_KEY,
  'GET /api/v1/agreements/:id': API_KEY,
  'POST /api/v1/agreements/:id/send': API_KEY,
  'POST /api/v1/agreements/:id/remind': API_KEY,
  'POST /api/v1/agreements/:id/void': API_KEY,
  'POST /api/v1/agreements/:id/cancel': API_KEY,
  'GET /api/v1/agreements/:id/pdf': API_KEY,
  'GET /api/v1/agreements/:id/certificate': API_KEY,
  'GET /api/v1/agreements/:id/events': API_KEY,
  'GET /api/v1/templates': API_KEY,
  'GET /api/v1/templates/:id': API_KEY,
  'GET /api/v1/services': API_KEY,
  'GET /api/v1/services/:id': API_KEY,
  'GET /api/v1/events': API_KEY,
  'GET /api/v1/invoices': API_KEY,
  'GET /api/v1/invoices/:id': API_KEY,
  'GET /api/v1/webhook-endpoints': API_KEY,
  'POST /api/v1/webhook-endpoints': API_KEY,
  'GET /api/v1/webhook-endpoints/:id': API_KEY,
  'PATCH /api/v1/webhook-endpoints/:id': API_KEY,
  'DELETE /api/v1/webhook-endpoints/:id': API_KEY,
  'POST /api/v1/webhook-endpoints/:id/rotate-secret': API_KEY,
  'GET /api/v1/webhook-endpoints/:id/deliveries': API_KEY,
  'POST /api/v1/webhook-endpoints/:id/deliveries/:deliveryId/resend': API_KEY,
  'GET /api/v1/openapi.json': PUBLIC,
  'GET /api/v1/reference': PUBLIC,
  'GET /api/v1/reference/:asset': PUBLIC,
  // Webhook endpoints, their delivery logs and resends
  'GET /api/webhook-endpoints': ADMIN,
  'POST /api/webhook-endpoints': ADMIN,
  'PATCH /api/webhook-endpoints/:id': ADMIN,
  'DELETE /api/webhook-endpoints/:id': ADMIN,
  'POST /api/webhook-endpoints/:id/rotate-secret': ADMIN,
  'GET /api/webhook-endpoints/:id/deliveries': ADMIN,
  'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/resend': ADMIN,
  'POST /api/webhook-endpoints/:id/test-event': ADMIN,
  // The local webhook inbox (outside production): receiving is public as a customer's endpoint
  // is; reading it is for admins, as the mailbox is
  'POST /api/webhook-inbox/receive/:name': PUBLIC,
  'GET /api/webhook-inbox': ADMIN,
  // Queued CRM deal moves
  'GET /api/hubspot/stage-moves': ADMIN,
  'POST /api/hubspot/stage-moves/:id/retry': ADMIN,
  // Stages per event and pipeline
  'GET /api/admin/crm/stage-mappings': ADMIN,
  'PUT /api/admin/crm/stage-mappings/:pipelineId': ADMIN,
  'GET /api/admin/crm/records/:type/:id': ADMIN,
  'GET /api/admin/crm/files/:id': ADMIN,
  // A seal waiting for the time-stamp service, let go at a lower level
  'POST /api/admin/agreements/:id/seal-level': ADMIN,
  'GET /api/mailbox': ADMIN,
  'GET /api/mailbox/:id': ADMIN,
  'GET /api/mailbox/:id/attachments/:index': ADMIN,
  'DELETE /api/mailbox': ADMIN,
  'GET /api/file-service/records': ADMIN,
  // CRM (Home)
  'POST /api/hubspot/fetch-deal-by-id': HOME,
  'GET /api/hubspot/deal-by-address': HOME,
  'GET /api/hubspot/owner': HOME,
  'GET /api/hubspot/owners': HOME,
  'GET /api/hubspot/property': HOME,
  'GET /api/hubspot/contact-by-email': HOME,
  'GET /api/hubspot/check-deal-properties/:dealId': HOME,
  'PATCH /api/hubspot/update-deal-by-prosign/:dealId/update-missing': HOME,
  'PATCH /api/hubspot/update-deal-by-prosign/:dealId/update-all': HOME,
  'PATCH /api/hubspot/update-deal-stage-to-sent/:dealId': HOME,
  'PATCH /api/hubspot/update-deal-stage-to-signed/:dealId': {
    kind: 'signer-or-flags',
    flags: ['homeAccess'],
  },
  'GET /api/maps/suggest': SESSION,
  // The firm's countersignature: any staff member's own queue; the service admits only the
  // countersigner the send named (404 for anyone else).
  'GET /api/countersign/mine': SESSION,
  'GET /api/countersign/defaults': SESSION,
  'PUT /api/countersign/defaults': ADMIN,
  // The e-mail code's family defaults (admins set them, creation screens read them).
  'GET /api/email-code/defaults': SESSION,
  'PUT /api/email-code/defaults': ADMIN,
  'GET /api/countersign/:agreementId': SESSION,
  'POST /api/countersign/:agreementId/open': SESSION,
  'POST /api/countersign/:agreementId/signature': SESSION,
  'DELETE /api/countersign/:agreementId/signature': SESSION,
  'POST /api/countersign/:agreementId/finish': SESSION,
  // Documents and templates
  'GET /api/documents/d/:docId/:mode': PUBLIC,
  'GET /api/documents/d/:docId/reading': PUBLIC,
  'POST /api/documents/upload': HOME,
  'GET /api/documents/uploads/:uploadId/pdf': HOME,
  'POST /api/documents/drafts': HOME,
  'GET /api/documents/drafts/:id': HOME,
  'PUT /api/documents/drafts/:id': HOME,
  'POST /api/documents/templates': HOME,
  'GET /api/documents/templates': HOME,
  'GET /api/documents/templates/:id': HOME,
  'PUT /api/documents/templates/:id': HOME,
  'POST /api/documents/templates/:id/archive': HOME,
  'POST /api/documents/templates/:id/unarchive': HOME,
  'POST /api/documents/templates/:id/drafts': HOME,
  // The local time-stamp authority (RFC 3161) and the root its tokens verify against
  'POST /api/timestamp': PUBLIC,
  'GET /api/timestamp/root.pem': PUBLIC,
  'GET /api/timestamp/root.crl': PUBLIC,
  'POST /api/template/create-contract': HOME,
  'POST /api/template/generate-pdf': HOME,
  'POST /api/template/send-contract': HOME,
  'POST /api/template/merge-docs': { kind: 'signer-not-staff' },
  'POST /api/template/generate-void-pdf': DASHBOARD,
  // Services, forms, terms
  'GET /api/service/get-services': flags('servicesAccess', 'homeAccess'),
  'POST /api/service/create': SERVICES,
  'PUT /api/service/update/:id': SERVICES,
  'PUT /api/service/reorder': SERVICES,
  'DELETE /api/service/delete/:id': SERVICES,
  'POST /api/service/verify-password': SERVICES,
  'PUT /api/service/delete-password': { kind: 'admin', flag: 'servicesAccess' },
  'GET /api/form/:serviceType': flags('homeAccess', 'servicesAccess'),
  'GET /api/tnc/latest': flags('tncAccess', 'servicesAccess'),
  'POST /api/tnc/save': flags('tncAccess'),
  // Contracts: send (Home) and the dashboard's lifecycle calls
  'POST /api/contracts/send': HOME,
  'POST /api/email/send-link': HOME,
  'POST /api/token/save': HOME,
  'GET /api/contracts/by-token/:token': DASHBOARD,
  'GET /api/user/details': DASHBOARD,
  'POST /api/email/send-reminder': DASHBOARD,
  'PUT /api/user/mark-as-signed': DASHBOARD,
  'DELETE /api/user/mark-as-delete': DASHBOARD,
  'POST /api/update/cancel-contract': DASHBOARD,
  'POST /api/update/void-contract': DASHBOARD,
  'PUT /api/update/resend': DASHBOARD,
  'PUT /api/update/edit-resend': DASHBOARD,
  // Change signer, with the same access as the other card actions
  'POST /api/update/change-signer': DASHBOARD,
  // Re-open a signer's locked e-mail code step, like the other card actions
  'POST /api/update/reopen-email-code': DASHBOARD,
  // Invoices of signed contracts (spec 3 §7): gated like the dashboard (README)
  'PUT /api/invoice/update-status': DASHBOARD,
  'POST /api/template/send-:type-invoice': DASHBOARD,
  'GET /api/template/download-:type-pdf/:token': DASHBOARD,
  // SOW creation, services templates and its CRM calls (spec 3 §7)
  'GET /api/sow/get-templates': flags('sowAccess', 'sowServicesEditAccess'),
  'GET /api/sow/get-form-fields/:name': SOW,
  'GET /api/sow/services-deliverables/name/:name': flags('sowAccess', 'sowServicesEditAccess'),
  'PUT /api/sow/services-deliverables/:id': { kind: 'admin', flag: 'sowServicesEditAccess' },
  'POST /api/sow/create-contract': SOW,
  'POST /api/sow/send-contract': SOW,
  'POST /api/sow/send-contract-cc': SOW,
  'GET /api/sow/get-projects-by-address': SOW,
  'POST /api/sow/get-project': SOW,
  'GET /api/sow/search-cps': SOW,
  'POST /api/sow/update-hs': SOW,
  'POST /api/sow/get-missing-properties': SOW,
  // The SOW dashboard
  'GET /api/sow/get-contracts': SOW_DASHBOARD,
  'POST /api/sow/cancel-contract': SOW_DASHBOARD,
  'POST /api/sow/manual-signed': SOW_DASHBOARD,
  'POST /api/sow/void-contract': SOW_DASHBOARD,
  'POST /api/sow/delete-contract': SOW_DASHBOARD,
  'POST /api/sow/update-resend': SOW_DASHBOARD,
  'POST /api/sow/update-edit-resend': SOW_DASHBOARD,
  'POST /api/sow/send-reminder': SOW_DASHBOARD,
  'POST /api/sow/change-signer': SOW_DASHBOARD,
  'POST /api/sow/reopen-email-code': SOW_DASHBOARD,
  // The CO screen's CRM calls (spec 3 §7)
  'GET /api/co/get-deals-by-address': HOME,
  'GET /api/co/get-deal/:id': HOME,
  'GET /api/co/search-contacts': HOME,
  'GET /api/co/search-projects': HOME,
  'GET /api/co/get-next-project-association-label/:projectId': HOME,
  'POST /api/co/update-hs': HOME,
  'POST /api/co/duplicate-deal': HOME,
  'POST /api/co/get-missing-properties': HOME,
  // CO template and creation (spec 3 §7): Home; the template edit screen reads it too; admins save
  'GET /api/co/get-templates': flags('homeAccess', 'sowServicesEditAccess'),
  'GET /api/co/get-template/:id': flags('homeAccess', 'sowServicesEditAccess'),
  'GET /api/co/get-form-fields/:id': HOME,
  'PUT /api/co/update/:id': ADMIN,
  'POST /api/co/create-contract': HOME,
  'POST /api/co/send-contract': HOME,
  'POST /api/co/send-contract-cc': HOME,
  // Show CO on /dashboard (spec 2 §7): the list and the actions; delete is the action table's (admins)
  'GET /api/co/get-contracts': DASHBOARD,
  'POST /api/co/cancel-contract': DASHBOARD,
  'POST /api/co/manual-signed': DASHBOARD,
  'POST /api/co/void-contract': DASHBOARD,
  'POST /api/co/delete-contract': DASHBOARD,
  'POST /api/co/update-resend': DASHBOARD,
  'POST /api/co/update-edit-resend': DASHBOARD,
  'POST /api/co/send-reminder': DASHBOARD,
  'POST /api/co/change-signer': DASHBOARD,
  'POST /api/co/reopen-email-code': DASHBOARD,
  // The SOW partner's signing calls
  'GET /api/sow/verify-link/:customId': PUBLIC,
  'GET /api/sow/get-contract/:customId': SIGNER,
  'POST /api/sow/increase-viewed-times/:customId': SIGNER,
  'POST /api/sow/upload-text-signature/:customId': SIGNER,
  'POST /api/sow/finish/:customId': SIGNER,
  'POST /api/sow/decline/:customId': SIGNER,
  'POST /api/sow/hand-over/:customId': SIGNER,
  'GET /api/sow/create-audit-trail/:customId': SIGNER,
  // The change order's signatory (spec 3 §2 "CO signing page")
  'GET /api/co/verify-link/:customId': PUBLIC,
  'GET /api/co/get-contract/:customId': SIGNER,
  'POST /api/co/increase-viewed-times/:customId': SIGNER,
  'POST /api/co/upload-text-signature/:customId': SIGNER,
  'POST /api/co/finish/:customId': SIGNER,
  'POST /api/co/decline/:customId': SIGNER,
  'POST /api/co/hand-over/:customId': SIGNER,
  'GET /api/co/create-audit-trail/:customId': SIGNER,
  // Documents (uploaded PDFs): creation from a builder draft, send and cc, and the documents
  // list's actions, all behind the list's flag
  'POST /api/document/create-contract': DOCUMENTS,
  'POST /api/document/send-contract': DOCUMENTS,
  'POST /api/document/send-contract-cc': DOCUMENTS,
  'GET /api/document/get-contracts': DOCUMENTS,
  'POST /api/document/cancel-contract': DOCUMENTS,
  'POST /api/document/manual-signed': DOCUMENTS,
  'POST /api/document/void-contract': DOCUMENTS,
  'POST /api/document/delete-contract': DOCUMENTS,
  'POST /api/document/update-resend': DOCUMENTS,
  'POST /api/document/update-edit-resend': DOCUMENTS,
  'POST /api/document/send-reminder': DOCUMENTS,
  'POST /api/document/change-signer': DOCUMENTS,
  'POST /api/document/reopen-email-code': DOCUMENTS,
  // A document signer's calls, as every link-signed family's
  'GET /api/document/verify-link/:customId': PUBLIC,
  'GET /api/document/get-contract/:customId': SIGNER,
  'POST /api/document/increase-viewed-times/:customId': SIGNER,
  'POST /api/document/upload-text-signature/:customId': SIGNER,
  'POST /api/document/finish/:customId': SIGNER,
  'POST /api/document/decline/:customId': SIGNER,
  'POST /api/document/hand-over/:customId': SIGNER,
  'GET /api/document/create-audit-trail/:customId': SIGNER,
  // A document signer's own calls (their fields, the PDF, values, attachments); staff download
  'GET /api/document/fields/:customId': SIGNER,
  'GET /api/document/pdf/:customId': SIGNER,
  'PUT /api/document/field-values/:customId': SIGNER,
  'POST /api/document/attachments/:customId': SIGNER,
  'GET /api/document/attachments/:agreementId/:attachmentId': flags('documentsAccess'),
  // Captcha and the signer's calls
  'GET /api/captcha/config': PUBLIC,
  'POST /api/captcha/verify': PUBLIC,
  'POST /api/verifyToken': SIGNER,
  'GET /api/user/user-detail': SIGNER,
  'POST /api/template/upload-signature': SIGNER,
  'POST /api/template/upload-initials': SIGNER,
  'POST /api/template/upload-image': SIGNER,
  'POST /api/template/edit-signature': SIGNER,
  'POST /api/template/clear-signature': SIGNER,
  'POST /api/signing/finish': SIGNER,
  'POST /api/signing/decline': SIGNER,
  'POST /api/signing/hand-over': SIGNER,
  'GET /api/signing/email-code': SIGNER,
  'POST /api/signing/email-code/send': SIGNER,
  'POST /api/signing/email-code/verify': SIGNER,
  'POST /api/template/create-audit-trails': SIGNER,
  // The public verify page
  'GET /api/verify/:verifyId': PUBLIC,
  'POST /api/verify/:verifyId/check': PUBLIC,
};

type Caller = DemoRole | 'no session';
type Outcome = 'allowed' | 'forbidden' | 'unauthenticated' | 'refused';

const FLAGS_OF: Record<DemoRole, Partial<Record<AccessFlag, boolean>>> = {
  ...(Object.fromEntries(DEMO_USERS.map((user) => [user.userName, user.access])) as Record<
    'admin' | 'csm' | 'pm',
    Partial<Record<AccessFlag, boolean>>
  >),
  noflags: {},
};

function expectedOutcome(rule: Rule, caller: Caller): Outcome {
  const signedIn = caller !== 'no session';
  const has = (list: AccessFlag[]) => signedIn && list.some((flag) => FLAGS_OF[caller][flag]);
  switch (rule.kind) {
    case 'public':
      return 'allowed';
    case 'signer':
      return 'refused';
    case 'session':
      return signedIn ? 'allowed' : 'unauthenticated';
    case 'flags':
    case 'signer-or-flags':
      if (!signedIn) return 'unauthenticated';
      return has(rule.flags) ? 'allowed' : 'forbidden';
    case 'admin':
      if (!signedIn) return 'unauthenticated';
      return caller === 'admin' && (!rule.flag || has([rule.flag])) ? 'allowed' : 'forbidden';
    case 'signer-not-staff':
      return signedIn ? 'forbidden' : 'unauthenticated';
    case 'api-key':
      return 'unauthenticated';
  }
}

/** 403s the guards (and the merge-docs refusal) give; any other 403 is the handler deciding on the data. */
function isAccessRefusal(status: number, message: unknown): boolean {
  if (status !== 403) return false;
  const text = Array.isArray(message) ? message.join(' ') : String(message);
  return (
    text.startsWith('You do not have access to') ||
    text === ADMIN_ONLY_MESSAGE ||
    text === SOW_TEMPLATE_UNAUTHORIZED ||
    text === CO_TEMPLATE_UNAUTHORIZED ||
    text === STAFF_MERGE_REFUSED
  );
}

/** Path parameters filled in: the caller's own user name for e-mails, well-formed ids elsewhere. */
function urlOf(route: HttpRoute, caller: Caller): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (name === 'email') return caller === 'no session' ? 'admin' : caller;
    if (name === 'dealId') return '40000013';
    if (name === 'mode') return 'view';
    if (/id$/i.test(name)) return '0123456789abcdef01234567';
    return 'route-access-probe';
  });
}

describe('route access: every HTTP route, each demo role and a user with no flags', () => {
  const env = createTestEnv(__filename, { SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000' });
  let api: INestApplication;
  let cookies: Record<DemoRole, string>;
  let routes: HttpRoute[];

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config));
    cookies = await signInDemoUsers(api);
    // Sign-out ends the session it is called with: walked last.
    routes = discoverHttpRoutes(api).sort(
      (a, b) =>
        Number(a.key === 'POST /api/auth/logout') - Number(b.key === 'POST /api/auth/logout'),
    );
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('finds the routes of every controller', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map((route) => route.key)).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/mailbox/:id',
        'POST /api/contracts/send',
      ]),
    );
  });

  it('has an entry for every route (a new route without an entry fails here)', () => {
    const missing = routes.map((route) => route.key).filter((key) => !(key in EXPECTED));
    expect(missing).toEqual([]);
  });

  it('has no entry for a route that no longer exists', () => {
    const keys = new Set(routes.map((route) => route.key));
    expect(Object.keys(EXPECTED).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('answers each caller as the table says: allowed (any status but a refusal), 403 or 401', async () => {
    const callers: Caller[] = ['no session', ...DEMO_ROLES];
    const wrong: string[] = [];
    // Route after route, as they were sorted (sign-out last); a route's callers at once: each
    // caller's request is one of its own, and waiting for each in turn only spent time.
    for (const route of routes) {
      const rule = EXPECTED[route.key];
      if (!rule) continue;
      const verb = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const answers = await Promise.all(
        callers.map(async (caller) => {
          let test = request(api.getHttpServer())[verb](urlOf(route, caller));
          test = test.set('origin', SHELL_ORIGIN);
          if (caller !== 'no session') test = test.set('cookie', cookies[caller]);
          return { caller, res: verb === 'get' ? await test : await test.send({}) };
        }),
      );
      for (const { caller, res } of answers) {
        const expected = expectedOutcome(rule, caller);
        const { status } = res;
        const message = (res.body as { message?: unknown } | undefined)?.message;
        const ok =
          expected === 'allowed'
            ? status !== 401 && !isAccessRefusal(status, message) && status < 500
            : expected === 'forbidden'
              ? status === 403
              : expected === 'unauthenticated'
                ? status === 401
                : status === 401 || status === 403;
        if (!ok) {
          wrong.push(
            `${route.key} as ${caller}: expected ${expected}, got ${status} ${JSON.stringify(message)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Each family's send, resend and cc calls given every other family's document
 * or agreement (sent, stopped at its first mail, or a document never sent), by
 * each demo role: 403 where the role lacks the calling route's flag (the table
 * above), else 404 — and every agreement, key and mail stays as it was.
 */
describe('route access across families: no send, resend or cc call reaches another family', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let cookies: Record<DemoRole, string>;
  let agreements: Record<AgreementFamily, FamilyAgreements>;
  let calls: FamilyCall[];

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    cookies = await signInDemoUsers(api);
    const admin = await staffHttp(api);
    const forms = await familyForms(admin);
    agreements = await agreementsOfEachFamily(api, admin, forms);
    calls = familyCalls(forms, {
      standard: agreements.standard.unsent,
      sow: agreements.sow.unsent,
      co: agreements.co.unsent,
      document: agreements.document.unsent,
    });
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('walks a route of the table for every call, in every family', () => {
    expect(calls.filter((call) => !(call.route in EXPECTED)).map((call) => call.name)).toEqual([]);
    for (const family of BUILT_IN_FAMILIES) {
      expect(calls.filter((call) => call.family === family).length).toBeGreaterThanOrEqual(5);
    }
  });

  it('answers 403 without the flag and 404 with it, and changes nothing', async () => {
    const before = await storedSends(api);
    const wrong: string[] = [];
    let walked = 0;
    for (const call of calls) {
      const [method, path] = call.route.split(' ');
      for (const family of BUILT_IN_FAMILIES.filter((other) => other !== call.family)) {
        for (const [what, target] of targetsOf(agreements[family])) {
          const body = call.body(target);
          if (!body) continue;
          // The roles' calls at once, as different staff members' browsers make them.
          const answers = await Promise.all(
            DEMO_ROLES.map(async (role) => {
              const staff = asStaff(api, cookies[role]);
              const res = await (method === 'PUT' ? staff.put(path) : staff.post(path)).send(body);
              return { role, res };
            }),
          );
          for (const { role, res } of answers) {
            const expected = expectedOutcome(EXPECTED[call.route], role) === 'allowed' ? 404 : 403;
            walked += 1;
            if (res.status !== expected) {
              const message = (res.body as { message?: unknown }).message;
              wrong.push(
                `${call.name} with the ${family} ${what} as ${role}: expected ${expected}, got ${res.status} ${JSON.stringify(message)}`,
              );
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(walked).toBeGreaterThan(300);
    expect(await storedSends(api)).toEqual(before);
  }, 180_000);
});
