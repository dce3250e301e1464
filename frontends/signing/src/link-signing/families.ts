import { familyDefinition, type AgreementFamily } from '@prosign/domain';

/** "Opening the Scope of Work…" while the document is asked for. */
export function openingLabel(family: AgreementFamily): string {
  return `Opening the ${familyDefinition(family).documentName}…`;
}
