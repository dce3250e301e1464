import { countersignPagePath, joinNames } from '@prosign/domain';
import type { MailTemplate } from '../mail';
import { familyConfig } from './agreement-family';
import type { StoredRecipient } from './agreement-recipients';
import type { AgreementDocument } from './agreement.schema';

/**
 * The mail asking the firm's countersigner to sign (when the clients are done) or reminding
 * them: it names who signed and links to the agreement in the staff app, where they sign
 * signed in — there is no signing link to mail, so nothing in it can sign for them.
 */
export function countersignRequestMail(
  agreement: Pick<AgreementDocument<object>, '_id' | 'family' | 'form' | 'recipients'>,
  countersigner: Pick<StoredRecipient, 'name' | 'email'>,
  shellUrl: string,
  isReminder: boolean,
): { template: MailTemplate; to: string[] } {
  const signed = (agreement.recipients ?? []).filter(
    (recipient) => recipient.role === 'signer' && recipient.state === 'signed',
  );
  return {
    template: {
      kind: 'countersign-request',
      data: {
        countersignerName: countersigner.name,
        agreementTitle: familyConfig(agreement.family).title(agreement.form),
        signedBy: joinNames(signed.map((signer) => signer.name || signer.email)) || 'The client',
        link: `${shellUrl.replace(/\/+$/, '')}${countersignPagePath(String(agreement._id))}`,
        ...(isReminder ? { isReminder } : {}),
      },
    },
    to: [countersigner.email],
  };
}
