/**
 * The two template documents of standard service agreements (spec 2 §9): one
 * for the Drafting Services service, one default for every other service.
 * The embedded document engine seeds them under these ids.
 */
export const STANDARD_TEMPLATE_DOC_IDS = {
  default: 'standard-service-agreement',
  draftingServices: 'standard-drafting-services-agreement',
} as const;

const DRAFTING_SERVICES_SERVICE_NAME = 'Drafting Services';

/** The template document a standard agreement for `serviceType` is created from. */
export function standardTemplateDocIdFor(serviceType: string): string {
  return serviceType.trim().toLowerCase() === DRAFTING_SERVICES_SERVICE_NAME.toLowerCase()
    ? STANDARD_TEMPLATE_DOC_IDS.draftingServices
    : STANDARD_TEMPLATE_DOC_IDS.default;
}

/** Template documents of SOW contracts and change orders (spec 3 §3). */
export const SOW_TEMPLATE_DOC_ID = 'sow-contract';
export const CHANGE_ORDER_TEMPLATE_DOC_ID = 'change-order';
