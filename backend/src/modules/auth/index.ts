/**
 * Auth (staff sessions over the identity adapters): what other modules may use; the rest
 * of this directory is internal. Other modules import only this file or its *.module files
 * (tools/eslint/module-boundaries.cjs).
 */
export { COUNTERSIGN_DUTY, type CountersignDuty } from './countersign-duty.port';
