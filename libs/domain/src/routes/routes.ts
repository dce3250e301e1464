/**
 * The route table of the product (spec 1 §2.1, spec 3): one definition shared
 * by the shell (which owns the router), the remotes (which link to each other)
 * and the backend (which builds signing links for e-mails).
 */
export const ROUTES = {
  // Staff routes, inside the shell layout.
  home: '/',
  changeOrder: '/co',
  dashboard: '/dashboard',
  services: '/services',
  terms: '/terms',
  userAccess: '/user-access',
  invoices: '/invoices',
  sow: '/sow',
  sowDashboard: '/sow-dashboard',
  sowTemplateEdit: '/sow-template-edit',
  /** Mail caught by the local SMTP catcher (MAIL_ADAPTER=local only). */
  mailbox: '/mailbox',
  /** Administrators: the CRM stage each agreement event moves a deal to. */
  crmStages: '/crm-stages',
  /** Administrators: a local CRM deal or project with what ProSign wrote on it (`crmRecordPagePath`). */
  crmRecord: '/crm-record',
  /** Administrators: sends and finishes stopped at a step; a waiting seal may be lowered. */
  stuckOperations: '/stuck-operations',
  /** Administrators: the keys other systems call the public api (`/api/v1`) with. */
  apiKeys: '/api-keys',
  /** Administrators: the endpoints told of agreement and invoice events, and their delivery logs. */
  webhooks: '/webhooks',
  /** Administrators: what the local webhook inbox received (`npm start`, as the mailbox is for mail). */
  webhookInbox: '/webhook-inbox',
  /**
   * A "document" agreement from any PDF: the upload, then the field builder (docs/field-tags.md);
   * `?draft=ID` (documentDraftPath) reopens a saved draft.
   */
  documentNew: '/documents/new',
  /** The "document" family's list (documents sent from any PDF). */
  documents: '/documents',
  /** Prepared documents kept with roles instead of people, to send again. */
  documentTemplates: '/documents/templates',
  // Public routes, without the staff navigation.
  portal: '/portal',
  verify: '/verify/:token',
  // Each link-signed family's signing page, `/{segment}/:customId`: linkSigningRoute.
  error: '/error',
  /** Customer signing page; matched last because it is a single catch-all segment. */
  customerSigning: '/:token',
} as const;

/**
 * The public api's reference page, served by the api itself (not a route of the shell): its
 * path on the api's origin, opened in a new tab.
 */
export const API_REFERENCE_PATH = '/api/v1/reference';

/** Query parameters of the customer signing page (spec 1 §2.4). */
export interface CustomerSigningQuery {
  docLink?: string;
  prefix?: string;
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = Object.entries(query)
    .filter((pair): pair is [string, string | number] => pair[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** The query parameter of `ROUTES.documentNew` naming the draft the builder opens. */
export const DOCUMENT_DRAFT_PARAM = 'draft';

/** The field builder on a saved draft: reopening it restores the draft. */
export function documentDraftPath(draftId: string): string {
  return withQuery(ROUTES.documentNew, { [DOCUMENT_DRAFT_PARAM]: draftId });
}

export function verifyPath(token: string): string {
  return `/verify/${encodeURIComponent(token)}`;
}

export function customerSigningPath(token: string, query: CustomerSigningQuery = {}): string {
  return withQuery(`/${encodeURIComponent(token)}`, {
    docLink: query.docLink,
    prefix: query.prefix,
  });
}

export function errorPagePath(error: { status?: number; message?: string } = {}): string {
  return withQuery(ROUTES.error, { status: error.status, message: error.message });
}

/** `/co` and anything below it: the change-order screen (spec 1 §2.1). */
export function isChangeOrderPath(pathname: string): boolean {
  return pathname === ROUTES.changeOrder || pathname.startsWith(`${ROUTES.changeOrder}/`);
}
