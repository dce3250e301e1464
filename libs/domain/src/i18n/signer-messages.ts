/**
 * What a signer reads, in their language: message catalogues of ICU messages (FormatJS's
 * intl-messageformat: plurals, selects, Intl dates, numbers and currency), English the source.
 * A catalogue is one JSON file in `messages/`, named by its language (`es.json`); its
 * `$language` says the language's own name and the locale its dates and amounts are written
 * in (`es-US`: Spanish as written in the United States, dollars as `$12,500.00`). The words of
 * the agreement itself are never translated: the page says which language governs.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import source from './messages/en.json';

export { SOURCE_LANGUAGE } from './languages';

/** A catalogue's own description of its language. */
interface CatalogueLanguage {
  /** The language's name in itself ("Español"), as a picker lists it. */
  readonly name: string;
  /** The BCP 47 locale dates, numbers and amounts are formatted in. */
  readonly formatLocale: string;
}

export type MessageKey = Exclude<keyof typeof source, '$language'>;

/** One language's messages: every key of the English catalogue, and its `$language`. */
export type MessageCatalogue = { readonly $language: CatalogueLanguage } & {
  readonly [key in MessageKey]: string;
};

export const SOURCE_CATALOGUE: MessageCatalogue = source;

/** Values a message's arguments take: text, numbers, dates. */
type MessageValues = Record<string, string | number | Date>;

export interface SignerMessages {
  /** The catalogue's language tag (`es`). */
  readonly language: string;
  /** The language's name in itself (the catalogue's `$language.name`). */
  readonly name: string;
  readonly formatLocale: string;
  /** The message `key` with `values` in its arguments. */
  format(key: MessageKey, values?: MessageValues): string;
  /** A language's name as this language writes it (`en` in Spanish: "inglés"). */
  languageName(language: string): string;
}

/**
 * The messages of `language` from its catalogue. A message is compiled once, when first
 * used; a message the catalogue lacks (refused by `catalogueProblems` before it gets here)
 * would be the English one rather than a key on the page.
 */
export function signerMessages(language: string, catalogue: MessageCatalogue): SignerMessages {
  const locale = catalogue.$language.formatLocale;
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
  return {
    language,
    name: catalogue.$language.name,
    formatLocale: locale,
    format(key, values) {
      let message = compiled.get(key);
      if (!message) {
        message = new IntlMessageFormat(catalogue[key] ?? SOURCE_CATALOGUE[key], locale);
        compiled.set(key, message);
      }
      return String(message.format(values));
    },
    languageName: (other) => names.of(other) ?? other,
  };
}
