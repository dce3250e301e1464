import type { FirmSignatory, Letterhead } from '../../../integrations/documents';

/** The firm's letterhead and signatory as seeded into the templates (editable there afterwards). */
export const FIRM_LETTERHEAD: Letterhead = {
  firmName: 'Bayline Engineering Group, Inc.',
  lines: [
    '1450 Harbor Bay Parkway, Suite 220, Alameda, CA 94502',
    '(510) 555-0142',
    'contracts@baylineengineering.com',
    'www.baylineengineering.com',
  ],
};

export const FIRM_SIGNATORY: FirmSignatory = {
  name: 'Daniel R. Whitaker, P.E., S.E.',
  title: 'Principal Engineer',
};
