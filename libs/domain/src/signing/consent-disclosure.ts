/**
 * The "Electronic Signature Consent and Disclosure" (spec 1 §2.4), written
 * after the US ESIGN Act's consumer-disclosure points: paper copies, the right
 * to withdraw consent and what follows, system requirements, keeping contact
 * details current, and what the consent covers.
 *
 * The words live here, as data, so that the signing app renders exactly the
 * text whose SHA-256 the server records on the signer's consent event.
 * Any change to the wording must come with a new `version`.
 */

/** One part of the disclosure, shown in this order: heading, paragraphs, bullets, closing. */
interface ConsentDisclosureSection {
  /** The section's heading; the opening section has none. */
  readonly heading?: string;
  readonly paragraphs: readonly string[];
  /** A bullet list shown after the paragraphs. */
  readonly bullets?: readonly string[];
  /** Paragraphs shown after the bullet list. */
  readonly closing?: readonly string[];
}

export interface ConsentDisclosure {
  /** Which wording this is (year-month it took effect); recorded with the consent. */
  readonly version: string;
  readonly title: string;
  readonly sections: readonly ConsentDisclosureSection[];
}

export const CONSENT_DISCLOSURE: ConsentDisclosure = {
  version: '2026-11',
  title: 'Electronic Signature Consent and Disclosure',
  sections: [
    {
      paragraphs: [
        'Please read this disclosure carefully before you sign. It explains your rights when you receive, review and sign documents electronically. The company that sent you this agreement (“the Company”) uses an electronic signature service to send agreements and collect signatures.',
      ],
    },
    {
      heading: 'Your consent to use electronic records and signatures',
      paragraphs: [
        'By signing electronically, you agree that your electronic signature and initials have the same legal effect as a handwritten signature on paper, and that the Company may provide this agreement, and the notices and disclosures that go with it, to you in electronic form instead of on paper.',
      ],
    },
    {
      heading: 'What this consent covers',
      paragraphs: [
        'Your consent applies to this agreement and to the documents that accompany it: the completed, signed copy, its audit trail, and any notices about this agreement that the Company sends you. It does not oblige you to sign other documents electronically in the future.',
      ],
    },
    {
      heading: 'Your right to a paper copy',
      paragraphs: [
        'You may ask for a paper copy of this agreement or of any document we have provided to you electronically, at any time, free of charge. To request one, contact the Company through the person who sent you this agreement, by replying to the email that contained your signing link, and tell us your postal address and which document you need. Once signed, you will also receive the signed copy by email, which you can print or save.',
      ],
    },
    {
      heading: 'Withdrawing your consent',
      paragraphs: [
        'You may withdraw your consent to receive documents electronically at any time before you finish signing, by not completing the signature and telling the Company, by replying to the email that contained your signing link, that you wish to withdraw. There is no fee for withdrawing. If you withdraw, the Company will arrange another way to complete the agreement, usually on paper, which may take longer. Withdrawing does not affect the validity of any document you signed electronically before you withdrew.',
      ],
    },
    {
      heading: 'System requirements',
      paragraphs: ['To access, sign and keep these documents you need:'],
      bullets: [
        'a current version of a common web browser (Chrome, Edge, Firefox or Safari) with JavaScript enabled, on a computer, tablet or phone;',
        'an internet connection and an email account that can receive our messages;',
        'software that opens PDF files, to view, print or save the signed copy;',
        'a printer or storage space if you wish to keep a copy outside your email.',
      ],
      closing: [
        'If these requirements change in a way that could affect your ability to access or keep your documents, the Company will tell you and you may withdraw your consent without charge.',
      ],
    },
    {
      heading: 'Keeping your contact details up to date',
      paragraphs: [
        'We send documents and notices to the email address this agreement was sent to. If your email address or other contact details change, please tell the Company by replying to the email that contained your signing link, so that you keep receiving important information about your agreement.',
      ],
    },
    {
      heading: 'Your acknowledgement',
      paragraphs: [
        'By selecting “Sign & Add Initials” and “Agree and Finish”, you confirm that you have read this disclosure, that you can access and keep electronic documents as described above, and that you consent to sign this agreement electronically.',
      ],
    },
  ],
};

/**
 * The disclosure as canonical plain text, the input of the SHA-256 recorded on
 * the consent event: the title, then each section's heading, paragraphs,
 * bullets (prefixed "- ") and closing paragraphs, one per line, joined by "\n"
 * with no trailing newline.
 */
export function consentDisclosureText(): string {
  const lines: string[] = [CONSENT_DISCLOSURE.title];
  for (const section of CONSENT_DISCLOSURE.sections) {
    if (section.heading) lines.push(section.heading);
    lines.push(...section.paragraphs);
    for (const bullet of section.bullets ?? []) lines.push(`- ${bullet}`);
    lines.push(...(section.closing ?? []));
  }
  return lines.join('\n');
}
