import { BUILT_IN_DRIVERS } from './support/conformance/drivers';
import { describeFamilyConformance } from './support/conformance/suite';

/**
 * The family conformance suite for the families ProSign ships with: standard contracts,
 * scope-of-work contracts, change orders and documents from any PDF each walk through what every family must do
 * (support/conformance/suite.ts), their drivers saying only how each is created and sent.
 */
describeFamilyConformance(__filename, BUILT_IN_DRIVERS);
