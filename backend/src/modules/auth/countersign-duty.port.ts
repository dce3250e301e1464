/**
 * What the session answer needs to know of a staff member's countersigning: whether
 * "Waiting for my signature" belongs in their navigation (`showsCountersignEntry`). A port,
 * because the signing module that knows (countersign defaults, agreements naming them) sits
 * above this one; it implements it (CountersignService) and provides it under
 * COUNTERSIGN_DUTY from its global module: imports run down, from signing to auth.
 */
export interface CountersignDuty {
  showsCountersignEntry(staffEmail: string): Promise<boolean>;
}

/** The Nest injection token of CountersignDuty. */
export const COUNTERSIGN_DUTY = Symbol('COUNTERSIGN_DUTY');
