/** The firm's brand, carried by agreement titles on the signing page (spec 1 §2.4). */
export const SIGNING_BRAND_NAME = 'ProSign';
