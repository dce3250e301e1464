import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueProblems } from '../catalogue-check';
import {
  PSEUDO_CLOSE,
  PSEUDO_LANGUAGE,
  PSEUDO_OPEN,
  pseudoCatalogue,
  pseudoLocalised,
} from '../pseudo-locale';
import {
  type MessageCatalogue,
  signerMessages,
  SOURCE_CATALOGUE,
  SOURCE_LANGUAGE,
} from '../signer-messages';

const MESSAGES_DIR = path.join(__dirname, '..', 'messages');
const catalogueFiles = readdirSync(MESSAGES_DIR).filter((file) => file.endsWith('.json'));
const catalogueOf = (language: string) =>
  JSON.parse(readFileSync(path.join(MESSAGES_DIR, `${language}.json`), 'utf8')) as MessageCatalogue;

describe('message catalogues', () => {
  it.each(catalogueFiles)('%s translates every English message with the same arguments', (file) => {
    expect(catalogueProblems(catalogueOf(path.basename(file, '.json')))).toEqual([]);
  });

  it('refuses a translation that drops, adds or breaks an argument, or lacks a message', () => {
    const spanish = catalogueOf('es');
    const { 'captcha.checkbox': _dropped, ...missing } = spanish;
    expect(catalogueProblems(missing)).toEqual(['captcha.checkbox: missing']);
    expect(
      catalogueProblems({ ...spanish, 'fees.total': 'Honorarios totales: {total, number}' }),
    ).toEqual(['fees.total: takes {total:number} where English takes {amount:number}']);
    expect(catalogueProblems({ ...spanish, 'finish.done': 'Gracias, {name.' })[0]).toMatch(
      /^finish\.done: is not a valid ICU message/,
    );
    expect(catalogueProblems({ ...spanish, 'extra.key': 'Hola' })).toEqual([
      'extra.key: not an English message',
    ]);
    expect(
      catalogueProblems({ ...spanish, $language: { name: 'Español', formatLocale: '!!' } }),
    ).toEqual(['$language.formatLocale is not a locale this runtime formats']);
  });
});

describe('signerMessages', () => {
  const english = signerMessages(SOURCE_LANGUAGE, SOURCE_CATALOGUE);
  const spanish = signerMessages('es', catalogueOf('es'));
  const signedAt = new Date('2026-12-07T18:30:00Z');

  it('writes plurals by each language’s rules', () => {
    expect(english.format('reading.fieldsLeft', { count: 1 })).toBe('1 required field left');
    expect(english.format('reading.fieldsLeft', { count: 3 })).toBe('3 required fields left');
    expect(spanish.format('reading.fieldsLeft', { count: 1 })).toBe('Falta 1 campo obligatorio');
    expect(spanish.format('reading.fieldsLeft', { count: 3 })).toBe('Faltan 3 campos obligatorios');
    expect(spanish.format('reading.fieldsLeft', { count: 0 })).toBe(
      'Todos los campos obligatorios están completos',
    );
  });

  it('writes dates and dollars as Spanish in the United States does', () => {
    expect(spanish.format('fees.total', { amount: 12500 })).toBe('Honorarios totales: $12,500.00');
    expect(english.format('fees.total', { amount: 12500 })).toBe('Total fee: $12,500.00');
    const spanishDate = spanish.format('closed.expired', { date: signedAt, sender: 'Ana' });
    expect(spanishDate).toMatch(/^Este enlace para firmar venció el \d+ de diciembre de 2026\./);
  });

  it('names the governing language in the reader’s language', () => {
    const language = spanish.languageName('en');
    expect(language).toBe('inglés');
    expect(spanish.format('language.governing', { language })).toMatch(
      /^Este contrato está redactado en inglés\. Prevalece el texto en inglés;/,
    );
    expect(english.languageName('es')).toBe('Spanish');
  });
});

describe('the pseudo-locale', () => {
  it('accents, brackets and lengthens every message by 40 %, arguments still working', () => {
    const pseudo = signerMessages(PSEUDO_LANGUAGE, pseudoCatalogue());
    const text = pseudo.format('finish.done', { name: 'Maria' });
    expect(text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(text).toContain('Maria');
    expect(text).not.toMatch(/Thank|signed/);
    const english = signerMessages(SOURCE_LANGUAGE, SOURCE_CATALOGUE).format('finish.done', {
      name: 'Maria',
    });
    expect(text.length).toBeGreaterThanOrEqual(Math.ceil(english.length * 1.4));
    expect(pseudo.format('reading.fieldsLeft', { count: 2 })).toMatch(/^⟦2 ŕéǫúíŕéð/);
  });

  it('keeps an apostrophe and braces of English text as text', () => {
    expect(pseudoLocalised("I'm not a robot")).toMatch(/^⟦Í'ɱ ñóţ á ŕóƀóţ ·+⟧$/);
    expect(catalogueProblems(pseudoCatalogue())).toEqual([]);
  });
});
