import { MOBILE_LAYOUT_MAX_WIDTH_PX } from '@prosign/domain';
import { useMediaQuery } from '@prosign/ui';

/** The staff layout switches to its mobile form at 480 px or less (spec 1 §2.2). */
const MOBILE_LAYOUT_QUERY = `(max-width: ${MOBILE_LAYOUT_MAX_WIDTH_PX}px)`;

export function useIsMobileLayout(): boolean {
  return useMediaQuery(MOBILE_LAYOUT_QUERY);
}
