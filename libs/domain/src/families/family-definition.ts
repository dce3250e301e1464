import type { AccessFlag } from '../access/access-flags';
import type { ActionRule, AgreementAction } from '../agreements/agreement-actions';
import type { AgreementFilter } from '../agreements/agreement-filters';
import type { DashboardRoutes } from '../agreements/agreement-routes';

/** The families ProSign ships with; a family registered later has an id of its own. */
export const BUILT_IN_FAMILIES = ['standard', 'sow', 'co', 'document'] as const;
export type BuiltInFamily = (typeof BUILT_IN_FAMILIES)[number];

/** A family's id: one of the built-in ones, or a registered family's (`registerFamily`). */
export type AgreementFamily = BuiltInFamily | (string & {});

/** How a family's agreements are spelt before anything happened to them. */
export type InitialStatus = 'not signed' | 'not-signed';

/** The dashboard flags a family can belong to. */
export type DashboardAccessFlag = Extract<
  AccessFlag,
  'dashboardAccess' | 'sowDashboardAccess' | 'documentsAccess'
>;

/** A family's own departures from the agreement core's action table. */
type ActionOverrides = Partial<Record<AgreementAction, Partial<ActionRule>>>;

/** What a dashboard says: its list states and the notice after each action. */
export interface AgreementMessages {
  fetchFailed: string;
  empty: string;
  linkCopied: string;
  copyFailed: string;
  reminderSent: string;
  /** `reason`: the server's message, else "Please try again.". */
  reminderFailed: (reason: string) => string;
  /** A reminder that failed without a reason from the server (network, server error). */
  reminderError: string;
  cancelled: string;
  cancelFailed: (reason: string) => string;
  /** A cancel that failed without a reason from the server (network, server error). */
  cancelError: string;
  /** A reminder or resend for a card without a recipient e-mail. */
  emailNotFound: string;
  voided: string;
  voidFailed: string;
  markedSigned: string;
  markSignedFailed: string;
  deleted: string;
  deleteFailed: string;
  resent: (email: string) => string;
  resendFailed: string;
  editResendFailed: string;
}

/**
 * A contract family, described once for the api and every frontend alike
 * (docs/architecture.md#contract-families-on-one-agreement-core): its names and
 * nouns, its statuses and actions, its list filters, where its dashboard and
 * signing page live, the words its pages and mails use, the CRM record its
 * events go on and the document template it starts from. What only the server
 * may know (parties, CRM ids, card projection) is the server's half
 * (backend `AgreementFamilyConfig`), registered with this one.
 */
export interface FamilyDefinition {
  /** Stored on every agreement and in its mail keys: lower-case letters and digits. */
  id: AgreementFamily;
  /** What a person calls one, capitalised: "Change order". */
  label: string;
  /** In a sentence: "change order". */
  noun: string;
  /** In a sentence, plural: "change orders". */
  pluralNoun: string;
  /** The document as the signer's page names it, after "the" or "this": "change order", "Scope of Work". */
  documentName: string;
  /** Who signs one, in staff's confirmation texts: "client", "partner". */
  signerWord: string;
  /** How a malformed id is named in a refusal: "a change order id". */
  idNoun: string;
  initialStatus: InitialStatus;
  /** The family's departures from the core action table (who deletes, what resends). */
  actionOverrides: ActionOverrides;
  /** Its dashboard's filter boxes, in order. */
  filters: readonly AgreementFilter[];
  dashboard: {
    /** The flag its dashboard routes and card actions need. */
    access: DashboardAccessFlag;
    /** The staff room its live events go to. */
    staffRoom: string;
    /** The staff app's page listing its cards (CRM notes link back to it). */
    path: string;
    /** Listed on another family's page behind a toggle ("Show CO"), not a page of its own. */
    listedUnder?: AgreementFamily;
    /** The notices its dashboard shows, where they differ from the contract dashboard's. */
    messages?: Partial<AgreementMessages>;
  };
  /** `/api/{apiPrefix}/get-contracts`, `/api/{apiPrefix}/signing-details/{customId}`. */
  apiPrefix: string;
  /** Its dashboard's routes, when not the ones under `apiPrefix` (spec 2's contract routes). */
  dashboardRoutes?: DashboardRoutes;
  signing: {
    /**
     * `link`: the signer's page is `/{segment}/:customId` on the signing app and its calls are
     * under `/api/{apiPrefix}/…/{customId}`; `token`: spec 1's token page, `/:token`.
     */
    kind: 'link' | 'token';
    /** The path segment of its signing page ("co-signature"); empty for the token page. */
    segment: string;
    /** Typed signatures are drawn at this size. */
    signatureFontSizePx: number;
  };
  crm: {
    /** The CRM record its events are written on. */
    record: 'deal' | 'project';
    /** The CRM file folder its signed and VOID-stamped PDFs are kept in. */
    fileFolder: string;
  };
  /** The link invitation mail's words: "Change Order for {place}", under its heading. */
  mail: {
    /** The document as a mail's subject and sentence name it: "Change Order". */
    documentTitle: string;
    /** The mail's heading: "Change Order", "Scope of Work agreement". */
    heading: string;
  };
  /** The staff app's creation screen, when it has one. */
  creationPath?: string;
}
