/**
 * Staff sign-in: what the identity integrations use;
 * the rest of this directory is internal. Other modules import only this file or
 * its *.module files (tools/eslint/module-boundaries.cjs).
 */
export { StaffEmailDto } from './dto/check-user.dto';
export { AuthService } from './auth.service';
