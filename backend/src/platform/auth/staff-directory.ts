import type { AccessFlags, StaffRole } from '@prosign/domain';

/** A listed staff member's current rights, as the access guard needs them. */
export interface StaffAccessRecord {
  email: string;
  roles: StaffRole[];
  access: AccessFlags;
}

/**
 * Where the guard looks people up. Implemented by the access module (the
 * `users` collection); declared here so platform code does not depend on a
 * feature module.
 */
export abstract class StaffDirectory {
  abstract findByEmail(email: string): Promise<StaffAccessRecord | null>;
}
