/**
 * The message catalogues in libs/domain/src/i18n/messages, as webpack finds them at build time:
 * one lazy chunk per file, so a language is added by dropping its file there, and a page
 * downloads only the one it is read in. (Jest reads the same folder: catalogue-folder.node.ts.)
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace NodeJS {
    interface Require {
      /** webpack's context module: every file of a folder whose name matches, found at build. */
      context(
        directory: string,
        recursive: boolean,
        filter: RegExp,
        mode: 'lazy',
      ): { keys(): string[]; (request: string): Promise<unknown> };
    }
  }
}

const folder = require.context(
  '../../../../libs/domain/src/i18n/messages',
  false,
  /\.json$/,
  'lazy',
);

/** The languages that have a catalogue (`en`, `es`, …). */
export function catalogueLanguages(): string[] {
  return folder
    .keys()
    .filter((file) => file.startsWith('./'))
    .map((file) => file.slice(2, -'.json'.length));
}

/** The catalogue of `language` as its file says (checked by the caller). */
export async function readCatalogue(language: string): Promise<unknown> {
  // A context module made by require.context answers a JSON file's value itself, not a
  // namespace with `default` (which `import()` would give): take either.
  const loaded = (await folder(`./${language}.json`)) as { default?: unknown };
  return loaded.default ?? loaded;
}
