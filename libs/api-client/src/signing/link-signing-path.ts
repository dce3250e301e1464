// A module of its own, without TanStack Query: the signing page checks a link with it
// before the captcha, where the data layer is not loaded yet.

/**
 * The families whose recipients sign through a link named by its customId
 * (spec 3 §2: "SOW recipient signing page", "CO signing page"): the same calls
 * under `/api/{family}/…`.
 */
export const LINK_SIGNING_FAMILIES = ['sow', 'co'] as const;
export type LinkSigningFamily = (typeof LINK_SIGNING_FAMILIES)[number];

const part = encodeURIComponent;

/** `/api/{family}/{path}/{customId}` */
export function linkSigningPath(family: LinkSigningFamily, path: string, customId: string): string {
  return `/api/${family}/${path}/${part(customId)}`;
}
