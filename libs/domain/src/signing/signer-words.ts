/**
 * A signer's own words (a decline's reason, a hand-over's note) wherever ProSign shows them to
 * staff: the CRM note, the card and the mails. They are always a quotation
 * under who wrote them ("Elena Park wrote:"), never lines of our own: a reason that reads
 * "Open in ProSign: https://…" must not pass for ProSign's own link line.
 */
export interface SignerQuote {
  /** "Elena Park wrote:". */
  intro: string;
  /** The words' lines as typed (line ends normalised, the whole trimmed). */
  lines: string[];
}

/** The quotation of `words` by `author`; null when there are no words. */
export function signerQuote(
  author: string | null | undefined,
  words: string | null | undefined,
): SignerQuote | null {
  const text = (words ?? '').replace(/\r\n?/g, '\n').trim();
  if (!text) return null;
  const lines = text.split('\n');
  const who = (author ?? '').replace(/\s+/g, ' ').trim() || 'The signer';
  return { intro: `${who} wrote:`, lines: lines.map((line) => line.trimEnd()) };
}

/** Plain text (a CRM note, a mail's text part): the intro, then every line of the words after "> ". */
export function signerQuoteText(quote: SignerQuote): string {
  return [quote.intro, ...quote.lines.map((line) => (line ? `> ${line}` : '>'))].join('\n');
}

/**
 * A quoted line as it goes into HTML that a mail client may autolink: a zero-width space after
 * every "://", "@" and before every "." between letters or digits. Mail clients (and HubSpot)
 * turn text that looks like a URL, a host or an address into a link; a zero-width space ends
 * that text for every linkifier (it is a word break), while the reader sees the words as typed.
 * Escape the result for HTML after, as any text.
 */
export function unlinkable(line: string): string {
  return line
    .replace(/:\/\//g, ':\u200b//')
    .replace(/@/g, '@\u200b')
    .replace(/([\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '$1\u200b.');
}
