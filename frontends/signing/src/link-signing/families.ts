import type { LinkSigningFamily } from '@prosign/api-client';
import { AGREEMENT_FAMILY_PLACES } from '@prosign/domain';

/**
 * What tells the signing pages opened by a customId link apart (spec 3 §2:
 * "SOW recipient signing page", "CO signing page"). Everything else — the link
 * check, the captcha, the document, the typed signature, Agree and Finish, the
 * completion notice — is the same page. Kept light: the page reads it before
 * the captcha; the summary and the texts load with the document.
 */
interface LinkSigningFamilyConfig {
  family: LinkSigningFamily;
  /** The document as a sentence names it: "the Scope of Work", "the change order". */
  documentName: string;
  /** The route the signer's link opens (the shell and SigningRoutes mount the page there). */
  route: string;
}

const LINK_SIGNING_CONFIG: Readonly<Record<LinkSigningFamily, LinkSigningFamilyConfig>> = {
  sow: {
    family: 'sow',
    documentName: 'the Scope of Work',
    route: AGREEMENT_FAMILY_PLACES.sow.signingRoute,
  },
  co: {
    family: 'co',
    documentName: 'the change order',
    route: AGREEMENT_FAMILY_PLACES.co.signingRoute,
  },
};

/** "Opening the Scope of Work…" while the document is asked for. */
export function openingLabel(family: LinkSigningFamily): string {
  return `Opening ${LINK_SIGNING_CONFIG[family].documentName}…`;
}
