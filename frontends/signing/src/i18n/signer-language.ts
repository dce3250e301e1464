/**
 * Which language the signing page is in (libs/domain/src/i18n): `?lang=es` on the signing link,
 * kept for the rest of the session in sessionStorage (the links the page moves to drop the
 * query), else English.
 */
import { SOURCE_LANGUAGE } from '@prosign/domain';

/** The signing link's query parameter naming the language. */
const LANGUAGE_PARAM = 'lang';
/** Where the session keeps the language chosen. */
export const LANGUAGE_STORAGE_KEY = 'prosign.signer-language';

/** A BCP 47 tag's shape (`es`, `pt-BR`, `en-XA`): nothing else is looked up as a file. */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

function isLanguageTag(value: string | null | undefined): value is string {
  return typeof value === 'string' && LANGUAGE_TAG.test(value);
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The language the page opens in: the link's `?lang=`, else the session's, else English. */
export function initialSignerLanguage(search = window.location.search): string {
  const asked = new URLSearchParams(search).get(LANGUAGE_PARAM);
  if (isLanguageTag(asked)) {
    keepSignerLanguage(asked);
    return asked;
  }
  const kept = sessionStore()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguageTag(kept) ? kept : SOURCE_LANGUAGE;
}

/** Keeps `language` for the rest of the session. */
export function keepSignerLanguage(language: string): void {
  try {
    sessionStore()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // A browser refusing storage: the page keeps the language while it is open.
  }
}
