import type { AgreementFamily } from '@prosign/domain';
import type { MailTemplate } from '../mail';
import type { StoredAgreement } from './agreement-card.view';
import { CO_FAMILY } from './families/co.family';
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

/**
 * What makes a contract family (docs/architecture.md#contract-families-on-one-agreement-core), in one definition
 * (`families/<family>.family.ts`): its form's own fields are the family's,
 * everything else is the agreement core's and reads the family through this —
 * the parties and title its mails show, how its creation names it and which
 * fields its mails froze, its dashboard card, the CRM record its events are written on,
 * and where the signed PDF goes. Where it lives for both sides (dashboard flag,
 * staff room, route prefixes, dashboard routes) is libs/domain's
 * family definition (`familyDefinition`).
 */
export interface AgreementFamilyConfig<TForm extends object = object, TCard = unknown> {
  family: AgreementFamily;
  /** What its messages call one ("SOW", "change order"). */
  noun: string;
  /** How its dashboard's messages name a malformed id ("a SOW id"). */
  idNoun: string;
  /** The signer's link on the signing app's host (`https://sign…/sow-signature/{token}`). */
  signingLinkOf(signingHost: string, token: string, docLink: string): string;
  /** Form fields a mail already carried: frozen once that mail went out. */
  mailedFields: FieldsByMail<TForm>;
  /** Who each mail went to: fixed once it went (a later save may complete the form, not redirect it). */
  recipientFields: FieldsByMail<TForm>;
  list: FamilyListView<TForm, TCard>;
  /** Prefix of its mails' idempotency keys ("contract" → `contract-review-link.{agreementId}`). */
  mailKeyPrefix: string;
  parties(form: TForm): AgreementParties;
  /**
   * The form as another signer of the same agreement reads it (their name, e-mail and
   * phone in the signer's fields): their link mail and signing page are the family's own.
   */
  withSigner(form: TForm, signer: { name: string; email: string; phone?: string | null }): TForm;
  title(form: TForm): string;
  /** Lower-case text the family's list search matches. */
  searchText(form: TForm): string;
  /** The mail carrying the signing link: on send, and as a reminder. */
  linkMail(input: {
    form: TForm;
    link: string;
    senderEmail: string;
    isReminder: boolean;
    subject?: string | null;
  }): MailTemplate;
  /** The CRM record its events are written on: a deal's, else a project's. */
  crm: {
    /** The CRM deal the agreement belongs to, if any: its notes, stage and properties. */
    dealId(form: TForm): string | null;
    /** The CRM project it belongs to when it has no deal: its notes. */
    projectId(form: TForm): string | null;
  };
  /** Where the sealed PDF goes besides the signer's mail: the file service's project, if any. */
  fileServiceProjectId(form: TForm): string | null;
}

/** The configuration of a family. */
export function familyConfig<TForm extends object = object, TCard = unknown>(
  family: AgreementFamily,
): AgreementFamilyConfig<TForm, TCard> {
  switch (family) {
    case 'standard':
      return STANDARD_FAMILY as unknown as AgreementFamilyConfig<TForm, TCard>;
    case 'sow':
      return SOW_FAMILY as unknown as AgreementFamilyConfig<TForm, TCard>;
    case 'co':
      return CO_FAMILY as unknown as AgreementFamilyConfig<TForm, TCard>;
    default:
      throw new Error(`the ${family} family is not configured yet`);
  }
}
