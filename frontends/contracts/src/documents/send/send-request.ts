// The send of a prepared document as the API takes it: the draft made into the document
// (`create-contract` {draftId}), then `send-contract` with the form and the signer envelope
// every family's send takes (libs/domain document-agreement.ts).
import type {
  CountersignerInput,
  DocumentSendForm,
  PlacementRecipient,
  SendSignersRequest,
  SigningOrder,
} from '@prosign/domain';
import { emailCodeRequest, signersRequest } from '@prosign/ui/forms';

/** The send panel's own choices, as its form holds them. */
export interface SendChoices {
  title: string;
  /** The linked HubSpot deal's id; '' for none. */
  dealId: string;
  csmEmail: string;
  /** Addresses that get copies, as typed (commas, semicolons or spaces between). */
  ccEmails: string;
  /** Days until the links expire, as typed; '' for the firm's default. */
  expiresInDays: string;
  signingOrder: SigningOrder;
  /** null: the family's default. */
  requireEmailCode: boolean | null;
  /** Printed under the firm's signature. */
  countersignerTitle: string;
}

/** The body of `POST /api/document/send-contract`. */
export type DocumentSendBody = DocumentSendForm & SendSignersRequest & { docLink: string };

/** The file's name without `.pdf`: the title a send proposes. */
export function titleOfFile(fileName: string): string {
  return fileName.replace(/\.pdf$/i, '').trim() || fileName;
}

/** The copy addresses typed in one box, each once, in the order typed. */
export function copyAddresses(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((email) => email.trim())
        .filter(Boolean),
    ),
  ];
}

/** Days typed: a whole number from 1 to 365, else why not; '' is the firm's default. */
export function expiryDaysProblem(text: string): string | null {
  const days = text.trim();
  if (!days) return null;
  return /^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= 365
    ? null
    : 'Enter a whole number of days from 1 to 365, or leave it empty for the usual expiry.';
}

function countersignerOf(
  firm: PlacementRecipient | undefined,
  title: string,
): CountersignerInput | null {
  if (!firm) return null;
  const name = firm.name.trim();
  return {
    email: firm.email.trim(),
    ...(name ? { name } : {}),
    ...(title.trim() ? { title: title.trim() } : {}),
  };
}

/**
 * The send's body: the first signer as the form's signer, the next ones (`signer-2`…) as
 * additional signers in the builder's order with the order chosen, the countersigner as
 * `countersigner`, the e-mail code when staff changed it, the title, deal, CSM, copies and expiry.
 */
export function documentSendBody(
  recipients: readonly PlacementRecipient[],
  choices: SendChoices,
  docLink: string,
): DocumentSendBody {
  const signers = recipients.filter((recipient) => recipient.role === 'signer');
  const [first, ...rest] = signers;
  const firm = recipients.find((recipient) => recipient.role === 'countersigner');
  const days = choices.expiresInDays.trim();
  const copies = copyAddresses(choices.ccEmails);
  return {
    docLink,
    title: choices.title.trim(),
    signer_name: first?.name.trim() ?? '',
    signer_email: first?.email.trim() ?? '',
    deal_id: choices.dealId,
    csm_email: choices.csmEmail,
    ...(copies.length ? { cc_emails: copies.join(', ') } : {}),
    ...(days ? { expires_in_days: Number(days) } : {}),
    ...signersRequest(
      rest.map((signer) => ({ name: signer.name, email: signer.email, phone: '' })),
      choices.signingOrder,
      countersignerOf(firm, choices.countersignerTitle),
    ),
    ...emailCodeRequest(choices.requireEmailCode),
  };
}
