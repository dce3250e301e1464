/**
 * catalogue-folder.ts for Jest, which has no webpack context modules: the same folder, read
 * from disk (jest.config.cjs maps the module here).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const FOLDER = path.join(__dirname, '../../../../libs/domain/src/i18n/messages');

export function catalogueLanguages(): string[] {
  return readdirSync(FOLDER)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
}

export async function readCatalogue(language: string): Promise<unknown> {
  return JSON.parse(readFileSync(path.join(FOLDER, `${language}.json`), 'utf8')) as unknown;
}
