import { allFamilies, familyBySigningSegment, linkSigningPagePath } from '../families/families';
import type { AgreementFamily, FamilyDefinition } from '../families/family-definition';

// Not in routes.ts: the built-in family definitions read ROUTES, so the route
// table cannot read them back without a loop at load time.

/** The families whose signer opens a customId link (`signing.kind === 'link'`), in registration order. */
export function linkSigningFamilies(): FamilyDefinition[] {
  return allFamilies().filter((definition) => definition.signing.kind === 'link');
}

/** The route of a link family's signing page: `/co-signature/:customId`. */
export function linkSigningRoute(definition: FamilyDefinition): string {
  return `/${definition.signing.segment}/:customId`;
}

/** A link-signing page's address read back: the family (by its segment) and the customId. */
export interface LinkSigningAddress {
  family: AgreementFamily;
  customId: string;
}

/**
 * The link of a link-signed family in an address (`/{segment}/:customId`, trailing
 * slash allowed, as React Router matches it), else null: an unknown segment, a
 * malformed percent-encoding or another shape of path.
 */
export function linkSigningAddressOf(pathname: string): LinkSigningAddress | null {
  const match = /^\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  const definition = match ? familyBySigningSegment(match[1]) : null;
  if (!match || !definition) return null;
  try {
    return { family: definition.id, customId: decodeURIComponent(match[2]) };
  } catch {
    return null;
  }
}

/** The SOW signing page of a customId (the api's mails link to it). */
export function sowSignaturePath(customId: string): string {
  return linkSigningPagePath('sow', customId);
}

/** The change-order signing page of a customId (the api's mails link to it). */
export function coSignaturePath(customId: string): string {
  return linkSigningPagePath('co', customId);
}
