/** The words of the SOW form (step 1 of /sow). */
export const SOW_FORM_TEXTS = {
  partnerPlaceholder: '--Select Community Partner--',
  partnerSearch: 'Search partner by name, email',
  total: 'Total payment',
  scopeTotal: 'Total Scope COn Fee',
  create: 'Create Contract',
  creating: 'Creating…',
} as const;
