/**
 * The pseudo-locale: every English message with its letters accented, bracketed and 40 %
 * longer, arguments and plural forms left working. A page driven in it shows at a glance any
 * text that did not come from a catalogue (plain ASCII, no brackets) and any box too narrow
 * for a longer language.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer';
import { type MessageCatalogue, type MessageKey, SOURCE_CATALOGUE } from './signer-messages';

export { PSEUDO_LANGUAGE } from './languages';

/** How much longer than English a pseudo-localised message is. */
const GROWTH = 0.4;

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** Opens and closes every pseudo-localised message: a text cut or joined shows it. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const accented = (text: string) => text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter]);

function letterCount(elements: readonly MessageFormatElement[]): number {
  return elements.reduce((count, element) => {
    if (element.type === TYPE.literal) return count + element.value.length;
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const other = element.options.other?.value ?? [];
      return count + letterCount(other);
    }
    if (element.type === TYPE.tag) return count + letterCount(element.children);
    return count + 6; // an argument's value: about a word
  }, 0);
}

function accentAll(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accented(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([selector, option]) => [
          selector,
          { ...option, value: accentAll(option.value) },
        ]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: accentAll(element.children) };
    return element;
  });
}

/** One English message in the pseudo-locale. */
export function pseudoLocalised(message: string): string {
  const elements = parse(message);
  const padding = '·'.repeat(Math.ceil(letterCount(elements) * GROWTH));
  return printAST([
    { type: TYPE.literal, value: PSEUDO_OPEN },
    ...accentAll(elements),
    { type: TYPE.literal, value: ` ${padding}${PSEUDO_CLOSE}` },
  ]);
}

/** The pseudo-locale's catalogue, made from the English one. */
export function pseudoCatalogue(): MessageCatalogue {
  const messages = Object.fromEntries(
    (Object.keys(SOURCE_CATALOGUE) as (MessageKey | '$language')[])
      .filter((key): key is MessageKey => key !== '$language')
      .map((key) => [key, pseudoLocalised(SOURCE_CATALOGUE[key])]),
  ) as Record<MessageKey, string>;
  return { $language: { name: 'Pseudo (ẋẋ)', formatLocale: 'en-US' }, ...messages };
}
