import { LATER_STATUSES } from '../agreements/agreement-statuses';
import { customerSigningPath } from '../routes/routes';

/** Contract statuses (spec 2 §4, the standard family's initial one first); anything unknown is shown as 'not signed'. */
export const CONTRACT_STATUSES = ['not signed', ...LATER_STATUSES] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** The `prefix` query parameter of a standard contract's signing link (spec 1 §2.4). */
const STANDARD_CONTRACT_LINK_PREFIX = 'contract';

/** `{signing-host}/{token}?docLink=…&prefix=…` — the link the client signs from. */
export function contractSigningLink(
  signingHost: string,
  token: string,
  docLink: string,
  prefix: string = STANDARD_CONTRACT_LINK_PREFIX,
): string {
  return `${signingHost.replace(/\/+$/, '')}${customerSigningPath(token, { docLink, prefix })}`;
}

/**
 * The steps of sending a contract, in the order of spec 2 §4: review-link
 * e-mail, document to the cc address, token record saved, the old record
 * marked edited_resent (edits only), CRM deal moved to the sent stage.
 */
export const CONTRACT_SEND_STEPS = [
  'reviewLinkMail',
  'ccCopy',
  'recordSaved',
  'previousMarked',
  'crmStageSent',
] as const;
export type ContractSendStep = (typeof CONTRACT_SEND_STEPS)[number];

export const CONTRACT_SEND_STEP_LABELS: Readonly<Record<ContractSendStep, string>> = {
  reviewLinkMail: 'Sending the review link to the client',
  ccCopy: 'Sending the document to the cc address',
  recordSaved: 'Saving the document token',
  previousMarked: 'Marking the previous contract as edited and resent',
  crmStageSent: 'Moving the HubSpot deal to the sent stage',
};

/**
 * The message of a send that stopped at `step` (spec 2 §8 plus which part
 * failed); the steps before it are done and a retry continues from it.
 */
export function contractSendFailureMessage(step: ContractSendStep, detail?: string): string {
  const reason = detail?.trim() ? `: ${detail.trim()}` : '';
  return (
    `Failed to send PDF and/or save document token. ` +
    `${CONTRACT_SEND_STEP_LABELS[step]} failed${reason}. ` +
    `The steps before it are done; send again to complete it.`
  );
}

/** The success notice (spec 2 §8): the link was sent to the client, with the link. */
export function contractSentMessage(email: string, link: string): string {
  return `The contract link was sent to ${email}: ${link}`;
}
