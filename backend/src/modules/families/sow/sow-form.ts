import {
  revertPlaceholderPreviews,
  SOW_SECTION_KEYS,
  sowFormFieldsOf,
  type SowContractInput,
} from '@prosign/domain';
import type { SowContractForm } from '../../agreements';

export { sowDocumentValues } from '@prosign/domain';

/**
 * The stored SOW form from what the screen submitted (already checked with
 * `sowFormErrors`): the domain's stored fields plus the edited sections, their
 * `<<$name:…>>` previews reverted.
 */
export function sowFormOf(
  input: SowContractInput,
  services: string,
  now: Date = new Date(),
): SowContractForm {
  const sections: Partial<SowContractForm> = {};
  for (const key of SOW_SECTION_KEYS) {
    const text = input.sections?.[key];
    if (typeof text === 'string' && text.trim()) sections[key] = revertPlaceholderPreviews(text);
  }
  return { ...sowFormFieldsOf(input, services, now), ...sections };
}
