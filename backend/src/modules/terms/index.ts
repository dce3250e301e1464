/**
 * Terms versions: what other modules may use;
 * the rest of this directory is internal. Other modules import only this file or
 * its *.module files (tools/eslint/module-boundaries.cjs).
 */
export { TermsVersion, TermsVersionSchema } from './terms-version.schema';
export { TermsRepository } from './terms.repository';
