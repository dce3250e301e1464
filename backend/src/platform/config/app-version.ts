import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The backend package version. Read from package.json at run time because it
 * sits outside the compiled tree; this file is at the same depth under src/
 * and dist/, so one relative path serves both.
 */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
