import { CO_FAMILY_DEFINITION } from './co.family';
import { DOCUMENT_FAMILY_DEFINITION } from './document.family';
import {
  BUILT_IN_FAMILIES,
  type AgreementFamily,
  type FamilyDefinition,
} from './family-definition';
import { SOW_FAMILY_DEFINITION } from './sow.family';
import { STANDARD_FAMILY_DEFINITION } from './standard.family';

/**
 * Every contract family the product knows, by id: the four it ships with, then
 * any registered at start (`registerFamily`). The one place a family is looked
 * up; every table that used to be keyed by family reads its definition here.
 */
const FAMILIES = new Map<string, FamilyDefinition>(
  [
    STANDARD_FAMILY_DEFINITION,
    SOW_FAMILY_DEFINITION,
    CO_FAMILY_DEFINITION,
    DOCUMENT_FAMILY_DEFINITION,
  ].map((definition) => [definition.id, definition]),
);

// No dashes: mail and CRM keys read the family up to their first dash (`co-signed.{id}`).
const FAMILY_ID = /^[a-z][a-z0-9]{0,31}$/;

/** A family definition that would clash with one already known, or is malformed. */
class FamilyDefinitionError extends Error {}

/**
 * Adds a family before the api, worker and frontends start. Refused when its id,
 * api prefix or signing segment is malformed or already taken: two families
 * must never answer the same route.
 */
export function registerFamily(definition: FamilyDefinition): void {
  if (!FAMILY_ID.test(definition.id)) {
    throw new FamilyDefinitionError(
      `family id "${definition.id}" must be lower-case letters and digits`,
    );
  }
  for (const known of FAMILIES.values()) {
    const clash =
      known.id === definition.id
        ? 'id'
        : known.apiPrefix === definition.apiPrefix
          ? 'api prefix'
          : definition.signing.kind === 'link' &&
              known.signing.segment === definition.signing.segment
            ? 'signing page'
            : null;
    if (clash) {
      throw new FamilyDefinitionError(
        `family "${definition.id}" has the ${clash} of family "${known.id}"`,
      );
    }
  }
  FAMILIES.set(definition.id, definition);
}

/** Takes a registered family away again (tests that registered one clean up with it). */
export function unregisterFamily(id: AgreementFamily): void {
  if ((BUILT_IN_FAMILIES as readonly string[]).includes(id)) {
    throw new FamilyDefinitionError(`the built-in family "${id}" stays`);
  }
  FAMILIES.delete(id);
}

/** The definition of a family; throws for an id no family has. */
export function familyDefinition(id: AgreementFamily): FamilyDefinition {
  const definition = FAMILIES.get(id);
  if (!definition) throw new FamilyDefinitionError(`no contract family is called "${id}"`);
  return definition;
}

/** Every family, built-in ones first, in the order they were registered. */
export function allFamilies(): readonly FamilyDefinition[] {
  return [...FAMILIES.values()];
}

/** Every family's id. */
export function familyIds(): AgreementFamily[] {
  return [...FAMILIES.keys()];
}

export function isAgreementFamily(value: unknown): value is AgreementFamily {
  return typeof value === 'string' && FAMILIES.has(value);
}

/** The family whose signing page is `/{segment}/…`, if any. */
export function familyBySigningSegment(segment: string): FamilyDefinition | null {
  return (
    allFamilies().find(
      (definition) => definition.signing.kind === 'link' && definition.signing.segment === segment,
    ) ?? null
  );
}

/** The signer's page of an agreement of a link-signed family: `/co-signature/{customId}`. */
export function linkSigningPagePath(family: AgreementFamily, customId: string): string {
  return `/${familyDefinition(family).signing.segment}/${encodeURIComponent(customId)}`;
}
