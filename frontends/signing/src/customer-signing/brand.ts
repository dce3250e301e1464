import { SIGNING_FIRM } from '@prosign/domain';

/** The firm's brand, carried by agreement titles on the signing pages (spec 1 §2.4). */
export const SIGNING_BRAND_NAME = SIGNING_FIRM.brand;

/** The second line of the standalone app's brand mark. */
export const SIGNING_APP_SUBTITLE = 'Secure signing';
