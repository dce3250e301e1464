import {
  contractSigningLink,
  familyDefinition,
  linkSigningPagePath,
  registerFamily,
  unregisterFamily,
  type AgreementFamily,
  type FamilyDefinition,
  type VerifyTokenResponse,
} from '@prosign/domain';
import type { AgreementContent } from '../../integrations/documents';
import { registerCreationTemplate, unregisterCreationTemplate } from '../documents';
import type { MailTemplate } from '../mail';
import {
  agreementCardCore,
  CARD_CORE_PROJECTION,
  type StoredAgreement,
} from './agreement-card.view';
import { CO_FAMILY } from './families/co.family';
import { DOCUMENT_FAMILY } from './families/document.family';
import { SOW_FAMILY } from './families/sow.family';
import { STANDARD_FAMILY } from './families/standard.family';

/** Who an agreement is between, as its mails and audit trail name them. */
export interface AgreementParties {
  signerName: string;
  signerEmail: string;
  /** The signer's phone, when the form has one. */
  signerPhone: string | null;
  /** Addresses that get the document and the signed copy too. */
  copyTo: string[];
  /** The staff member replies go to. */
  senderEmail: string;
}

/** How a family's dashboard lists it: what a card leaves out of the stored record, and the card. */
interface FamilyListView<TForm extends object, TCard> {
  /** Fields no card needs (`CARD_CORE_PROJECTION` plus the family's long texts). */
  projection: Record<string, 0>;
  cardView(agreement: StoredAgreement<TForm>): TCard;
}

/** Form fields by the mail that carried them. */
interface FieldsByMail<TForm extends object> {
  reviewLinkMail: (keyof TForm)[];
  ccCopy: (keyof TForm)[];
}

/** A sent agreement of a family as its signer's page reads it: their own link and form. */
export interface LinkedAgreement<TForm extends object> {
  token: string;
  form: TForm;
}

/** One field of a form a creation refused, as the creation screens show it. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * How a family without a module of its own is created
 * (`POST /api/{apiPrefix}/create-contract`, `send-contract`, `send-contract-cc`):
 * its template document, its form checked from the request body, and the
 * template's `$placeholders` filled from the form.
 */
export interface FamilyCreation<TForm extends object> {
  /** Seeded with the other templates under `_id`. */
  template: { _id: string; title: string; content: AgreementContent };
  /** The form as stored, or what is wrong with the body (400, nothing stored). */
  formOf(input: Record<string, unknown>): { form: TForm } | { errors: FieldError[] };
  documentValues(form: TForm): Record<string, string>;
}

/**
 * What makes a contract family on the server (docs/architecture.md#contract-families-on-one-agreement-core):
 * its form's own fields are the family's, everything else is the agreement core's
 * and reads the family through this — the parties and title its mails show, which
 * fields its mails froze, its dashboard card, the CRM record its events are written
 * on, where the signed PDF goes. The domain half (`definition`: names, routes,
 * statuses, dashboard) is libs/domain's, shared with the frontends. One object per
 * family, registered with `registerAgreementFamily`; what a family need not differ
 * in is optional here and has a generic default (`familyConfig` fills it in).
 */
export interface AgreementFamilyRegistration<TForm extends object = object, TCard = unknown> {
  /** The domain half: registered with libs/domain's `registerFamily` too. */
  definition: FamilyDefinition;
  /** Form fields a mail already carried: frozen once that mail went out. */
  mailedFields: FieldsByMail<TForm>;
  /** Who each mail went to: fixed once it went (a later save may complete the form, not redirect it). */
  recipientFields: FieldsByMail<TForm>;
  parties(form: TForm): AgreementParties;
  /**
   * The form as another signer of the same agreement reads it (their name, e-mail and
   * phone in the signer's fields): their link mail and signing page are the family's own.
   */
  withSigner(form: TForm, signer: { name: string; email: string; phone?: string | null }): TForm;
  title(form: TForm): string;
  /** Lower-case text the family's list search matches. */
  searchText(form: TForm): string;
  /**
   * The fee the agreement is for, in dollars (Insights' value waiting); default 0: a family
   * whose form names no amount.
   */
  fee?(form: TForm): number;
  /** The CRM record its events are written on: a deal's, else a project's. */
  crm: {
    /** The CRM deal the agreement belongs to, if any: its notes, stage and properties. */
    dealId(form: TForm): string | null;
    /** The CRM project it belongs to when it has no deal: its notes. */
    projectId(form: TForm): string | null;
  };
  /** Where the agreement is, as its card and link mail name it; default: its title. */
  place?(form: TForm): string;
  /** Default: the card core (`agreementCardCore`) plus `customId`, without `CARD_CORE_PROJECTION`. */
  list?: FamilyListView<TForm, TCard>;
  /** Prefix of its mails' idempotency keys ("contract" → `contract-review-link.{agreementId}`); default: the id. */
  mailKeyPrefix?: string;
  /** The signer's link; default: the definition's (`/{segment}/{token}`, or spec 1's token page). */
  signingLinkOf?(signingHost: string, token: string, docLink: string): string;
  /** The mail carrying the signing link; default: the `agreement-link` mail in the definition's words. */
  linkMail?(input: LinkMailInput<TForm>): MailTemplate;
  /** Where the sealed PDF goes besides the signer's mail: the file service's project; default none. */
  fileServiceProjectId?(form: TForm): string | null;
  /** A link family's signing page; default: the signer core's state, `customId` and `signingSummary`. */
  signingView?(agreement: LinkedAgreement<TForm>, state: VerifyTokenResponse): unknown;
  /** What the generic signing page lists of the agreement, in order. */
  signingSummary?(form: TForm): { label: string; value: string }[];
  /** Created through the generic creation routes (a family with no module of its own). */
  creation?: FamilyCreation<TForm>;
  /**
   * Days its links stay open from the send, when its form chose them; null or no hook: the
   * firm's CONTRACT_EXPIRY_DAYS (agreement-expiry.ts).
   */
  expiryDays?(form: TForm): number | null;
  /**
   * Its documents are PDFs staff uploaded, not laid out from content: there is no text
   * reading view to offer a phone (the signing page zooms the PDF's own pages instead).
   */
  uploadedDocuments?: true;
}

interface LinkMailInput<TForm extends object> {
  form: TForm;
  link: string;
  senderEmail: string;
  isReminder: boolean;
  subject?: string | null;
}

/** A registered family as the agreement core reads it: every default filled in. */
export interface AgreementFamilyConfig<TForm extends object = object, TCard = unknown> extends Omit<
  AgreementFamilyRegistration<TForm, TCard>,
  | 'place'
  | 'list'
  | 'mailKeyPrefix'
  | 'signingLinkOf'
  | 'linkMail'
  | 'fileServiceProjectId'
  | 'signingView'
  | 'fee'
> {
  family: AgreementFamily;
  /** What its messages call one ("SOW", "change order"). */
  noun: string;
  /** How its dashboard's messages name a malformed id ("a SOW id"). */
  idNoun: string;
  place(form: TForm): string;
  list: FamilyListView<TForm, TCard>;
  mailKeyPrefix: string;
  signingLinkOf(signingHost: string, token: string, docLink: string): string;
  linkMail(input: LinkMailInput<TForm>): MailTemplate;
  fileServiceProjectId(form: TForm): string | null;
  signingView(agreement: LinkedAgreement<TForm>, state: VerifyTokenResponse): unknown;
  fee(form: TForm): number;
}

/** The server halves, by family id: the built-in four from the start, then any registered. */
const CONFIGS = new Map<string, AgreementFamilyConfig>();

/**
 * Adds a family to the api, worker, seed and migrate processes alike: registers its
 * domain half (`registerFamily`, which refuses a clashing id, api prefix or signing
 * segment) and its server half. Call it before `createApiApp` / `createWorkerApp`:
 * the family's routes are built when the app is.
 */
export function registerAgreementFamily<TForm extends object, TCard>(
  registration: AgreementFamilyRegistration<TForm, TCard>,
): void {
  const { definition } = registration;
  // Checked before the domain's registry changes, so a refused one leaves nothing behind.
  if (CONFIGS.has(definition.id)) {
    throw new Error(`the family "${definition.id}" is registered already`);
  }
  registerFamily(definition);
  CONFIGS.set(definition.id, resolved(registration) as unknown as AgreementFamilyConfig);
  if (registration.creation) registerCreationTemplate(registration.creation.template);
}

/** Takes a registered family away again (tests that registered one clean up with it). */
export function unregisterAgreementFamily(id: AgreementFamily): void {
  const creation = CONFIGS.get(id)?.creation;
  unregisterFamily(id);
  CONFIGS.delete(id);
  if (creation) unregisterCreationTemplate(creation.template._id);
}

/** The server half of a family; throws for an id no family has. */
export function familyConfig<TForm extends object = object, TCard = unknown>(
  family: AgreementFamily,
): AgreementFamilyConfig<TForm, TCard> {
  const config = CONFIGS.get(family);
  if (!config) throw new Error(`no contract family is called "${family}"`);
  return config as unknown as AgreementFamilyConfig<TForm, TCard>;
}

/** Every family's server half, built-in ones first, in the order they were registered. */
export function allFamilyConfigs(): readonly AgreementFamilyConfig[] {
  return [...CONFIGS.values()];
}

/** A registration with its generic defaults filled in. */
function resolved<TForm extends object, TCard>(
  registration: AgreementFamilyRegistration<TForm, TCard>,
): AgreementFamilyConfig<TForm, TCard> {
  const { definition } = registration;
  const family = definition.id;
  const place = registration.place ?? ((form: TForm) => registration.title(form));
  return {
    ...registration,
    family,
    noun: definition.noun,
    idNoun: definition.idNoun,
    place,
    list: registration.list ?? {
      projection: CARD_CORE_PROJECTION,
      cardView: (agreement) => genericCardView(registration, place, agreement) as TCard,
    },
    mailKeyPrefix: registration.mailKeyPrefix ?? family,
    signingLinkOf: registration.signingLinkOf ?? defaultSigningLinkOf(family),
    linkMail:
      registration.linkMail ??
      (({ form, link, isReminder }) => ({
        kind: 'agreement-link',
        data: {
          family,
          recipientName: registration.parties(form).signerName,
          projectAddress: place(form),
          link,
          isReminder,
        },
      })),
    fileServiceProjectId: registration.fileServiceProjectId ?? (() => null),
    fee: registration.fee ?? (() => 0),
    signingView:
      registration.signingView ??
      ((agreement, state) => ({
        ...state,
        customId: agreement.token,
        summary: registration.signingSummary?.(agreement.form) ?? [],
      })),
  };
}

/** The definition's signing page: `/{segment}/{token}` for a link family, spec 1's token page otherwise. */
function defaultSigningLinkOf(
  family: AgreementFamily,
): (signingHost: string, token: string, docLink: string) => string {
  return (signingHost, token, docLink) =>
    familyDefinition(family).signing.kind === 'link'
      ? `${signingHost.replace(/\/+$/, '')}${linkSigningPagePath(family, token)}`
      : contractSigningLink(signingHost, token, docLink);
}

/** A card of a family without a card of its own: the card core, with its link's customId. */
function genericCardView<TForm extends object>(
  registration: AgreementFamilyRegistration<TForm, unknown>,
  place: (form: TForm) => string,
  agreement: StoredAgreement<TForm>,
) {
  const form = agreement.form;
  const parties = registration.parties(form);
  return {
    ...agreementCardCore(agreement, {
      title: registration.title(form),
      recipientName: parties.signerName,
      recipientEmail: parties.signerEmail,
      recipientPhone: parties.signerPhone ?? '',
      address: place(form),
      senderEmail: parties.senderEmail,
    }),
    customId: agreement.token,
  };
}

// The built-in families: here, so every process that reads a family has them, whatever it
// imported first. Their domain halves are libs/domain's own.
for (const builtIn of [
  STANDARD_FAMILY,
  SOW_FAMILY,
  CO_FAMILY,
  DOCUMENT_FAMILY,
] as AgreementFamilyRegistration[]) {
  CONFIGS.set(builtIn.definition.id, resolved(builtIn));
}
