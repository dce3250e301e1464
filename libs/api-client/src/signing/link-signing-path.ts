// A module of its own, without TanStack Query: the signing page checks a link with it
// before the captcha, where the data layer is not loaded yet.

import { familyDefinition, type LinkSigningFamily } from '@prosign/domain';

export { type LinkSigningFamily } from '@prosign/domain';

const part = encodeURIComponent;

/** `/api/{apiPrefix}/{path}/{customId}` */
export function linkSigningPath(family: LinkSigningFamily, path: string, customId: string): string {
  return `/api/${familyDefinition(family).apiPrefix}/${path}/${part(customId)}`;
}
