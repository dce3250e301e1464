/**
 * The messages of a language (libs/domain/src/i18n): English bundled; another catalogue loaded
 * from its own chunk and used only if it translates every English message with the same
 * arguments (`catalogueProblems`), else English with a warning; the pseudo-locale made from
 * English in a chunk of its own.
 */
import {
  catalogueProblems,
  PSEUDO_LANGUAGE,
  signerMessages,
  SOURCE_LANGUAGE,
  type MessageCatalogue,
  type SignerMessages,
} from '@prosign/domain';
import { englishSignerMessages } from '@prosign/ui';
import { catalogueLanguages, readCatalogue } from './catalogue-folder';

export async function loadSignerMessages(language: string): Promise<SignerMessages> {
  if (language === SOURCE_LANGUAGE) return englishSignerMessages();
  if (language === PSEUDO_LANGUAGE) {
    const { pseudoCatalogue } = await import(
      /* webpackChunkName: "pseudo-messages" */ './pseudo-messages'
    );
    return signerMessages(PSEUDO_LANGUAGE, pseudoCatalogue());
  }
  if (!catalogueLanguages().includes(language)) {
    console.warn(`[signing] no "${language}" catalogue: the page stays in English`);
    return englishSignerMessages();
  }
  const catalogue = await readCatalogue(language);
  const problems = catalogueProblems(catalogue);
  if (problems.length > 0) {
    console.warn(
      `[signing] the "${language}" catalogue is not used, the page stays in English:`,
      problems,
    );
    return englishSignerMessages();
  }
  return signerMessages(language, catalogue as MessageCatalogue);
}
