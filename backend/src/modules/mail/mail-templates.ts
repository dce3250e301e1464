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
  signerQuoteText,
  unlinkable,
  type AgreementFamily,
  type InvoiceType,
  type SignerQuote,
} from '@prosign/domain';

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
  | {
      /**
       * To a staff member who chose it, on Monday mornings: their agreements' week at a
       * glance (Insights, issue 58), each line already worded, and the page's link.
       */
      kind: 'insights-digest';
      data: {
        /** "November 30 – December 6, 2026". */
        period: string;
        /** "Sent: 12", "Viewed: 9 (75%)", … */
        funnel: string[];
        /** "$48,500.00 in 7 agreements waiting for a signature". */
        valueWaiting: string;
        /** "Change Order: 12 Oak Avenue — waiting on Ana Lee (signer) for 9 days". */
        stalled: string[];
        /** Stalled agreements beyond the listed ones. */
        stalledMore: number;
        link: string;
      };
    }
  | { kind: 'test'; data: { requestedBy?: string; link?: string } };

export type MailTemplateKind = MailTemplate['kind'];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const BRAND = 'ProSign';
const BRAND_COLOR = '#1d4ed8';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface Section {
  heading: string;
  greeting: string;
  /** Our sentences; a signer's own words only as a quotation (`signerQuote`), never one of them. */
  paragraphs: Array<string | SignerQuote | null>;
  action?: { label: string; url: string };
  note?: string;
}

function layout(subject: string, section: Section): RenderedMail {
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2937;">${escapeHtml(text)}</p>`;
  // A signer's words: set off as a quotation under who wrote them, escaped, and unlinkable (a
  // URL they typed must not become a link in our mail).
  const quote = (q: SignerQuote) =>
    `<p style="margin:0 0 8px;font-size:15px;line-height:1.6;color:#1f2937;">${escapeHtml(q.intro)}</p>` +
    `<blockquote style="margin:0 0 16px;padding:4px 0 4px 12px;border-left:3px solid #d1d5db;font-size:15px;line-height:1.6;color:#4b5563;white-space:pre-wrap;">` +
    q.lines.map((line) => escapeHtml(unlinkable(line))).join('<br>') +
    `</blockquote>`;
  const paragraphs = section.paragraphs.filter((part): part is string | SignerQuote =>
    Boolean(part),
  );
  const button = section.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="border-radius:6px;background:${BRAND_COLOR};">` +
      `<a href="${escapeHtml(section.action.url)}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(section.action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7280;">If the button does not work, copy this link into your browser:<br>` +
      `<a href="${escapeHtml(section.action.url)}" target="_blank" rel="noopener" style="color:${BRAND_COLOR};word-break:break-all;">${escapeHtml(section.action.url)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:Segoe UI,Helvetica,Arial,sans-serif;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0;"><tr><td align="center">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden;">` +
    `<tr><td style="background:${BRAND_COLOR};padding:20px 32px;font-size:22px;font-weight:700;color:#ffffff;letter-spacing:0.5px;">${BRAND}</td></tr>` +
    `<tr><td style="padding:32px;">` +
    `<h1 style="margin:0 0 20px;font-size:20px;line-height:1.3;color:#111827;">${escapeHtml(section.heading)}</h1>` +
    p(section.greeting) +
    paragraphs.map((part) => (typeof part === 'string' ? p(part) : quote(part))).join('') +
    button +
    (section.note
      ? `<p style="margin:0;font-size:13px;line-height:1.5;color:#6b7280;">${escapeHtml(section.note)}</p>`
      : '') +
    `</td></tr>` +
    `<tr><td style="padding:16px 32px;background:#f9fafb;font-size:12px;line-height:1.5;color:#9ca3af;">Sent by ${BRAND} for our engineering team. If you were not expecting this message, you can ignore it.</td></tr>` +
    `</table></td></tr></table></body></html>`;

  const text = [
    section.heading,
    '',
    section.greeting,
    '',
    ...paragraphs.flatMap((part) => [typeof part === 'string' ? part : signerQuoteText(part), '']),
    ...(section.action ? [`${section.action.label}: ${section.action.url}`, ''] : []),
    ...(section.note ? [section.note, ''] : []),
    '--',
    `Sent by ${BRAND} for our engineering team.`,
  ].join('\n');
  return { subject, html, text };
}

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
    case 'insights-digest': {
      const d = template.data;
      const stalled =
        d.stalled.length === 0
          ? 'Nothing is stalled: every open agreement moved in the last days.'
          : `Stalled, waiting the longest: ${d.stalled.join('; ')}${d.stalledMore > 0 ? `; and ${d.stalledMore} more` : ''}.`;
      return layout(`Your agreements last week: ${d.period}`, {
        heading: 'Your week in agreements',
        greeting: 'Hello,',
        paragraphs: [
          `Of the agreements you sent ${d.period}: ${d.funnel.join(', ')}.`,
          `Value waiting now: ${d.valueWaiting}.`,
          stalled,
        ],
        action: { label: 'Open Insights', url: d.link },
        note: 'You get this mail because you chose the Monday digest on the Insights page; turn it off there.',
      });
    }
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
