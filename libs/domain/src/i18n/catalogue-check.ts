/**
 * Whether a dropped-in catalogue can be used: it must translate every English message, no
 * more, each a valid ICU message taking the same arguments as the English one (a translation
 * that drops `{amount}` would hide the fee; one that adds `{total}` would print nothing).
 * The loaders refuse a catalogue with problems, and the catalogues' test lists them.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { type MessageCatalogue, SOURCE_CATALOGUE } from './signer-messages';

/** The names of a message's arguments, with their kinds (`amount:number`, `count:plural`). */
function argumentsOf(elements: readonly MessageFormatElement[], found = new Set<string>()) {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        found.add(`${element.value}:text`);
        break;
      case TYPE.number:
        found.add(`${element.value}:number`);
        break;
      case TYPE.date:
      case TYPE.time:
        found.add(`${element.value}:date`);
        break;
      case TYPE.plural:
      case TYPE.select:
        found.add(`${element.value}:${element.type === TYPE.plural ? 'plural' : 'select'}`);
        for (const option of Object.values(element.options)) argumentsOf(option.value, found);
        break;
      case TYPE.tag:
        argumentsOf(element.children, found);
        break;
      default:
        break;
    }
  }
  return found;
}

function parsed(message: unknown): MessageFormatElement[] | string {
  if (typeof message !== 'string') return 'is not text';
  try {
    return parse(message);
  } catch (error) {
    return `is not a valid ICU message (${(error as Error).message})`;
  }
}

/** What is wrong with `candidate` as a translation of the English catalogue; empty when usable. */
export function catalogueProblems(candidate: unknown): string[] {
  if (typeof candidate !== 'object' || candidate === null) return ['is not a JSON object'];
  const catalogue = candidate as Record<string, unknown>;
  const problems: string[] = [];
  const language = catalogue.$language as Partial<MessageCatalogue['$language']> | undefined;
  if (typeof language?.name !== 'string' || !language.name.trim())
    problems.push('$language.name is missing');
  if (typeof language?.formatLocale !== 'string' || !isLocale(language.formatLocale))
    problems.push('$language.formatLocale is not a locale this runtime formats');
  for (const [key, english] of Object.entries(SOURCE_CATALOGUE)) {
    if (key === '$language') continue;
    if (!(key in catalogue)) {
      problems.push(`${key}: missing`);
      continue;
    }
    const elements = parsed(catalogue[key]);
    if (typeof elements === 'string') {
      problems.push(`${key}: ${elements}`);
      continue;
    }
    const expected = [...argumentsOf(parse(english as string))].sort().join(', ');
    const actual = [...argumentsOf(elements)].sort().join(', ');
    if (expected !== actual)
      problems.push(`${key}: takes {${actual}} where English takes {${expected}}`);
  }
  for (const key of Object.keys(catalogue)) {
    if (!(key in SOURCE_CATALOGUE)) problems.push(`${key}: not an English message`);
  }
  return problems;
}

function isLocale(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}
