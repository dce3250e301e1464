/**
 * Every mail the product sends (spec 1–3): subject, HTML and plain text, in
 * the ProSign layout. HTML is table-based with inline styles, the form mail
 * clients render reliably; every value is escaped.
 */

import {
  assertNever,
  emailCodeMailText,
  familyDefinition,
  signerQuote,
  type AgreementFamily,
  type InvoiceType,
} from '@prosign/domain';
import { insightsDigestMail, type InsightsDigestMailData } from './insights-digest-mail';
import { BRAND, layout, type RenderedMail } from './mail-layout';

export type MailTemplate =
  | {
      kind: 'signing-link';
      data: {
        recipientName: string;
        agreementTitle: string;
        link: string;
        senderEmail?: string;
        subject?: string;
      };
    }
  | {
      kind: 'reminder';
      data: { recipientName: string; agreementTitle: string; link: string; senderEmail?: string };
    }
  | {
      kind: 'signed-copy';
      data: { recipientName: string; agreementTitle: string; documentLink?: string };
    }
  | { kind: 'cc-copy'; data: { clientName: string; agreementTitle: string; link: string } }
  | {
      /** The client signers are done: the firm's countersigner signs in the staff app. */
      kind: 'countersign-request';
      data: {
        countersignerName: string;
        agreementTitle: string;
        /** "Jane Doe and John Doe". */
        signedBy: string;
        /** The agreement in the staff app's "Waiting for my signature". */
        link: string;
        isReminder?: boolean;
      };
    }
  | {
      /**
       * A signer declined: to the sender and the firm's countersigner, with the
       * reason. It carries no link: a signer's link would sign for them.
       */
      kind: 'declined';
      data: {
        recipientName: string;
        agreementTitle: string;
        /** Who declined: the signer's name (their e-mail if unnamed). */
        declinedBy: string;
        reason: string;
        /** "March 16, 2026, 10:42 AM PT". */
        declinedAt: string;
      };
    }
  | {
      /**
       * The e-mail one-time code: the code is in the body only, never in the
       * subject, a header or the delivery's key.
       */
      kind: 'email-code';
      data: { code: string };
    }
  | {
      /**
       * A signer handed their place over, or staff changed a signer: to the
       * sender. It carries no link: a signer's link would sign for them.
       */
      kind: 'handed-over';
      data: {
        agreementTitle: string;
        fromName: string;
        toName: string;
        toEmail: string;
        /** The staff member who changed the signer; null when the signer handed over. */
        by: string | null;
        note: string | null;
        /** "March 16, 2026, 10:42 AM PT". */
        at: string;
      };
    }
  | {
      /** A link-signed family's invitation to sign (and its reminder), in the family's own words. */
      kind: 'agreement-link';
      data: {
        family: AgreementFamily;
        recipientName: string;
        projectAddress: string;
        link: string;
        isReminder?: boolean;
      };
    }
  | {
      kind: 'invoice';
      data: {
        recipientName: string;
        type: InvoiceType;
        /** "2,500.00" (dollars, without the sign). */
        amount: string;
        projectAddress: string;
        link?: string;
        isReminder?: boolean;
        /** "INV-000042": the same on the first mail and every reminder. */
        invoiceNumber?: string;
        /** "March 16, 2026". */
        dueDate?: string;
        /** Still owed when less than the amount (a partial payment was made), "1,500.00". */
        amountDue?: string;
        /** The firm that bills, for the sign-off. */
        firmName?: string;
      };
    }
  | {
      /**
       * To the admins: a webhook endpoint failed every delivery for the retry window and was
       * disabled. Its URL, never its secret.
       */
      kind: 'webhook-endpoint-disabled';
      data: {
        endpointUrl: string;
        description: string;
        /** "March 16, 2026, 10:42 AM PT". */
        failingSince: string;
        /** The staff app's page of webhook endpoints. */
        link: string;
      };
    }
  | { kind: 'insights-digest'; data: InsightsDigestMailData }
  | { kind: 'test'; data: { requestedBy?: string; link?: string } };

export type MailTemplateKind = MailTemplate['kind'];

export type { RenderedMail } from './mail-layout';

const hello = (name: string) => `Hello ${name.trim() || 'there'},`;
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The sender's notice of a hand-over or a changed signer: no link in it. */
function handedOverMail(d: Extract<MailTemplate, { kind: 'handed-over' }>['data']): RenderedMail {
  return layout(`Handed over: ${d.agreementTitle}`, {
    heading: d.by ? 'Signer changed' : 'Signer handed over',
    greeting: 'Hello,',
    paragraphs: [
      d.by
        ? `${d.by} changed the signer of ${d.agreementTitle} from ${d.fromName} to ${d.toName} (${d.toEmail}) on ${d.at}.`
        : `${d.fromName} handed ${d.agreementTitle} over to ${d.toName} (${d.toEmail}) on ${d.at}.`,
      signerQuote(d.by ?? d.fromName, d.note),
      `${d.toName} got their own signing link by e-mail. The previous link is closed.`,
    ],
  });
}

export function renderMail(template: MailTemplate): RenderedMail {
  switch (template.kind) {
    case 'signing-link': {
      const d = template.data;
      return layout(d.subject?.trim() || `Please review and sign: ${d.agreementTitle}`, {
        heading: d.agreementTitle,
        greeting: hello(d.recipientName),
        paragraphs: [
          'Your agreement is ready for review and signature. Open it with the button below, read it in full, then add your signature and initials.',
          'No account is needed; the link is personal to you, so please do not forward it.',
        ],
        action: { label: 'Review and sign', url: d.link },
        note: d.senderEmail
          ? `Questions? Reply to this e-mail or write to ${d.senderEmail}.`
          : undefined,
      });
    }
    case 'reminder': {
      const d = template.data;
      return layout(`Reminder: your agreement is waiting for your signature`, {
        heading: `Reminder: ${d.agreementTitle}`,
        greeting: hello(d.recipientName),
        paragraphs: ['This is a friendly reminder that your agreement has not been signed yet.'],
        action: { label: 'Review and sign', url: d.link },
        note: d.senderEmail ? `Questions? Write to ${d.senderEmail}.` : undefined,
      });
    }
    case 'signed-copy': {
      const d = template.data;
      return layout(`Your signed agreement: ${d.agreementTitle}`, {
        heading: 'Your agreement is complete',
        greeting: hello(d.recipientName),
        paragraphs: [
          `Thank you for signing ${d.agreementTitle}. The signed copy, with its audit trail, is attached to this e-mail for your records.`,
        ],
        action: d.documentLink
          ? { label: 'View the signed agreement', url: d.documentLink }
          : undefined,
      });
    }
    case 'cc-copy': {
      const d = template.data;
      return layout(`Copy: ${d.agreementTitle} sent to ${d.clientName}`, {
        heading: `A copy of ${d.agreementTitle}`,
        greeting: 'Hello,',
        paragraphs: [
          `You are receiving a copy of the agreement sent to ${d.clientName} for signature.`,
        ],
        action: { label: 'View the agreement', url: d.link },
      });
    }
    case 'countersign-request': {
      const d = template.data;
      return layout(
        `${d.isReminder ? 'Reminder: ' : ''}Countersign ${d.agreementTitle} for the firm`,
        {
          heading: 'Waiting for your signature',
          greeting: hello(d.countersignerName),
          paragraphs: [
            `${d.signedBy} signed ${d.agreementTitle}. It needs your signature for the firm before it is complete.`,
          ],
          action: { label: 'Review and countersign', url: d.link },
          note: 'Sign in to ProSign with your work account to sign.',
        },
      );
    }
    case 'declined': {
      const d = template.data;
      return layout(`Declined: ${d.agreementTitle}`, {
        heading: 'Agreement declined',
        greeting: hello(d.recipientName),
        paragraphs: [
          `${d.declinedBy} declined ${d.agreementTitle} on ${d.declinedAt}.`,
          signerQuote(d.declinedBy, d.reason),
          'Every signing link of this agreement is now closed. From the dashboard you can edit and resend it, cancel it or delete it.',
        ],
      });
    }
    case 'email-code': {
      const { subject, text } = emailCodeMailText(template.data.code);
      return layout(subject, {
        heading: subject,
        greeting: 'Hello,',
        paragraphs: text.split('\n\n'),
      });
    }
    case 'handed-over':
      return handedOverMail(template.data);
    case 'agreement-link': {
      const d = template.data;
      const { documentTitle, heading } = familyDefinition(d.family).mail;
      return layout(`${d.isReminder ? 'Reminder: ' : ''}${documentTitle} for ${d.projectAddress}`, {
        heading,
        greeting: hello(d.recipientName),
        paragraphs: [
          `${d.isReminder ? 'A reminder: the' : 'The'} ${documentTitle} for the project at ${d.projectAddress} is ready for your review and signature.`,
        ],
        action: { label: 'Review and sign', url: d.link },
      });
    }
    case 'invoice': {
      const d = template.data;
      const name = `${capitalise(d.type)} invoice${d.invoiceNumber ? ` ${d.invoiceNumber}` : ''}`;
      const due = d.dueDate ? ` It is due by ${d.dueDate}.` : '';
      const owed =
        d.amountDue && d.amountDue !== d.amount
          ? ` After the payment received so far, $${d.amountDue} remains due.`
          : '';
      return layout(`${d.isReminder ? 'Reminder: ' : ''}${name} for ${d.projectAddress}`, {
        heading: d.isReminder ? `Reminder: ${name}` : name,
        greeting: hello(d.recipientName),
        paragraphs: [
          d.isReminder
            ? `This is a reminder that the ${d.type} invoice${d.invoiceNumber ? ` ${d.invoiceNumber}` : ''} of $${d.amount} for ${d.projectAddress} is still open.${owed}${due}`
            : `Please find attached the ${d.type} invoice${d.invoiceNumber ? ` ${d.invoiceNumber}` : ''} of $${d.amount} for ${d.projectAddress}.${owed}${due}`,
          'The invoice PDF is attached, with the payment instructions. Please quote the invoice number with your payment.',
        ],
        action: d.link ? { label: 'View the invoice', url: d.link } : undefined,
        note: d.firmName ? `Thank you for your business. ${d.firmName}` : undefined,
      });
    }
    case 'webhook-endpoint-disabled': {
      const d = template.data;
      return layout(`Webhook endpoint disabled: ${d.endpointUrl}`, {
        heading: 'A webhook endpoint was disabled',
        greeting: 'Hello,',
        paragraphs: [
          `Every delivery to ${d.endpointUrl}${d.description ? ` (${d.description})` : ''} has failed since ${d.failingSince}, so ${BRAND} stopped sending to it.`,
          'Its failed deliveries are kept in its delivery log. Once the receiver works again, enable the endpoint and resend what it missed.',
        ],
        action: { label: 'Open the webhook endpoints', url: d.link },
      });
    }
    case 'insights-digest':
      return insightsDigestMail(template.data);
    case 'test':
      return layout(`${BRAND} test mail`, {
        heading: 'Mail is working',
        greeting: 'Hello,',
        paragraphs: [
          `This test mail went through ${BRAND}'s mail queue and SMTP${template.data.requestedBy ? `, sent by ${template.data.requestedBy}` : ''}.`,
        ],
        action: template.data.link
          ? { label: 'Open the link', url: template.data.link }
          : undefined,
      });
    default:
      return assertNever(template, new Error(`Unknown mail template ${JSON.stringify(template)}`));
  }
}
