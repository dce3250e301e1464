/**
 * Where a CRM write reads the link a deal keeps while its agreement is open:
 * the agreement's live signing link, read when the write runs, so a hand-over or a write retried
 * after one never leaves a dead link on the deal, and neither the write's record nor its queued
 * job carries a signing token. A port, because the agreements module owns the `agreements`
 * collection and sits above this one (it requests the writes): it implements this
 * (AgreementRepository) and provides it under CRM_SIGNING_LINKS from a global module the worker
 * imports (agreement-crm-links.module.ts).
 */
export interface CrmSigningLinks {
  /**
   * The signing link of the agreement with this `_id` while it can still be signed (not
   * deleted, in one of its family's active statuses); null once it cannot (or for no agreement).
   */
  liveSigningLinkOf(agreementId: string): Promise<string | null>;
}

/** The Nest injection token of CrmSigningLinks. */
export const CRM_SIGNING_LINKS = Symbol('CRM_SIGNING_LINKS');
