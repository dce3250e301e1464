import { PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from '@prosign/domain';
import { useSignerMessages } from '@prosign/ui';
import { useId, type ChangeEvent } from 'react';
import { catalogueLanguages } from './catalogue-folder';
import './signer-language.css';
import { useSignerLanguage } from './SignerLanguageProvider';

/** A language's name in itself ("Español"), as a picker lists it. */
function ownName(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return language;
  }
}

/**
 * The page's language switch (a native select, labelled in the page's language), listing each
 * catalogue present by its own name; the page's own language by its catalogue's `$language.name`.
 * Nothing without a provider (a staff screen) or with one language only.
 */
function LanguageSwitch() {
  const chosen = useSignerLanguage();
  const messages = useSignerMessages();
  const id = useId();
  if (!chosen) return null;
  const languages = catalogueLanguages();
  if (chosen.language === PSEUDO_LANGUAGE) languages.push(PSEUDO_LANGUAGE);
  if (languages.length < 2) return null;
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => chosen.choose(event.target.value);
  return (
    <div className="sg-language">
      <label htmlFor={id} className="sg-language__label">
        {messages.format('language.label')}
      </label>
      <select
        id={id}
        className="ps-input sg-language__select"
        value={chosen.language}
        onChange={onChange}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {language === messages.language ? messages.name : ownName(language)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Above the agreement in a language other than its own (English): which language governs. */
function GoverningLanguageNotice() {
  const messages = useSignerMessages();
  if (messages.language === SOURCE_LANGUAGE) return null;
  return (
    <p className="sg-language__governing">
      {messages.format('language.governing', { language: messages.languageName(SOURCE_LANGUAGE) })}
    </p>
  );
}

/** The language switch and, off English, which language governs: above the signing steps. */
export function SignerLanguageBar() {
  return (
    <div className="sg-language-bar">
      <LanguageSwitch />
      <GoverningLanguageNotice />
    </div>
  );
}
