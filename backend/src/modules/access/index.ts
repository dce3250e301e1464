/**
 * Access (staff users and their flags): what other modules may use;
 * the rest of this directory is internal. Other modules import only this file or
 * its *.module files (tools/eslint/module-boundaries.cjs).
 */
export { AccessService } from './access.service';
export { StaffUserRepository } from './staff-user.repository';
export { flagsOf } from './staff-user.schema';
