/**
 * The ProSign mail layout every template renders into: subject, table-based HTML with inline
 * styles (what mail clients render reliably), and the plain text beside it. Every value is
 * escaped; a signer's own words only ever appear as a quotation.
 */
import { signerQuoteText, unlinkable, type SignerQuote } from '@prosign/domain';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const BRAND = 'ProSign';
const BRAND_COLOR = '#1d4ed8';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface Section {
  heading: string;
  greeting: string;
  /** Our sentences; a signer's own words only as a quotation (`signerQuote`), never one of them. */
  paragraphs: Array<string | SignerQuote | null>;
  action?: { label: string; url: string };
  note?: string;
}

export function layout(subject: string, section: Section): RenderedMail {
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
