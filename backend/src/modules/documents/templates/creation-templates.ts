import type { AgreementContent } from '../../../integrations/documents';

/** A template document a registered family is created from (`AgreementFamilyRegistration.creation`). */
export interface CreationTemplate {
  _id: string;
  title: string;
  content: AgreementContent;
}

/**
 * The templates of families registered at start, seeded with the built-in ones
 * (`DocumentTemplatesSeeder`). Kept here, below the agreement core that registers
 * them, so the seed process finds them without knowing any family.
 */
const CREATION_TEMPLATES = new Map<string, CreationTemplate>();

export function registerCreationTemplate(template: CreationTemplate): void {
  CREATION_TEMPLATES.set(template._id, template);
}

export function unregisterCreationTemplate(id: string): void {
  CREATION_TEMPLATES.delete(id);
}

export function creationTemplates(): readonly CreationTemplate[] {
  return [...CREATION_TEMPLATES.values()];
}
