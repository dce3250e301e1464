/**
 * Whether a cc recipient's read grant still stands: a grant ends with its
 * agreement once that is voided, cancelled or deleted, asked at every read, so no transition has
 * to remember to revoke it. A port, because the agreements module owns the `agreements`
 * collection and sits above this one (it issues the grants); it implements this and provides it
 * under READ_GRANT_STANDING from a global module the api imports
 * (agreements/agreement-read-grants.module.ts).
 */
export interface ReadGrantStanding {
  /** False once the agreement with this `_id` is void, cancelled or deleted (or is none). */
  grantsStand(agreementId: string): Promise<boolean>;
}

/** The Nest injection token of ReadGrantStanding. */
export const READ_GRANT_STANDING = Symbol('READ_GRANT_STANDING');
