import type { AgreementFamily } from '@prosign/domain';
import type { MailTemplate } from '../mail';
import { CO_FAMILY } from './families/co.family';
import { SOW_FAMILY } from './families/sow.family';
import { STANDARD_FAMILY } from './families/standard.family';

/** Who an agreement is between, as its mails and audit trail name them. */
export interface AgreementParties {
  signerName: string;
  signerEmail: string;
  /** Addresses that get the document and the signed copy too. */
  copyTo: string[];
  /** The staff member replies go to. */
  senderEmail: string;
}

/**
 * What makes a contract family (ARCHITECTURE §5): its form's own fields are
 * the family's, everything else is the agreement core's and reads the family
 * through this — the parties and title its mails show, its document kind, the
 * CRM moves on send and sign, and where the signed PDF goes.
 */
export interface AgreementFamilyConfig<TForm extends object = object> {
  family: AgreementFamily;
  /** The document templates and the signature drawing of this family. */
  documentKind: AgreementFamily;
  /** Prefix of its mails' idempotency keys ("contract" → `contract-review-link.{agreementId}`). */
  mailKeyPrefix: string;
  parties(form: TForm): AgreementParties;
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
  crm: {
    /** The CRM deal the agreement belongs to, if any. */
    dealId(form: TForm): string | null;
    /** Move the deal to the "sent" stage (with the signing link) when the send completes. */
    moveOnSend: boolean;
    /** Move the deal to the "signed" stage (with the sealed PDF's link) when signed. */
    moveOnSign: boolean;
  };
  /** Where the sealed PDF goes besides the signer's mail: the file service's project, if any. */
  fileServiceProjectId(form: TForm): string | null;
}

/** The configuration of a family. */
export function familyConfig<TForm extends object = object>(
  family: AgreementFamily,
): AgreementFamilyConfig<TForm> {
  switch (family) {
    case 'standard':
      return STANDARD_FAMILY as unknown as AgreementFamilyConfig<TForm>;
    case 'sow':
      return SOW_FAMILY as unknown as AgreementFamilyConfig<TForm>;
    case 'co':
      return CO_FAMILY as unknown as AgreementFamilyConfig<TForm>;
    default:
      throw new Error(`the ${family} family is not configured yet`);
  }
}
