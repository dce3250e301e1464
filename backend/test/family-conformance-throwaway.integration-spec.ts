import { registerAgreementFamily, unregisterAgreementFamily } from '../src/modules/agreements';
import { LEASE_DRIVER, LEASE_FAMILY } from './support/conformance/lease-family';
import { describeFamilyConformance } from './support/conformance/suite';

// Before the api and worker are made: a family's routes are built with the app.
registerAgreementFamily(LEASE_FAMILY);
afterAll(() => unregisterAgreementFamily('lease'));

/**
 * A family that exists only here, from one registration object (support/conformance/
 * lease-family.ts): an equipment lease with a small template, created through the generic
 * creation routes. It walks the same suite as the built-in families: a family is its
 * definition, and nothing else in the product needs to know it.
 */
describeFamilyConformance(__filename, [LEASE_DRIVER]);
