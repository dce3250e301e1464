import type { CpRole } from '@prosign/domain';

/**
 * The demo services/deliverables templates: what each partner role delivers on
 * a residential or a commercial project. The seeder adds the missing ones;
 * admins edit them on /sow-template-edit.
 */
export const SEEDED_SOW_TEMPLATES: { name: string; services: Record<CpRole, string> }[] = [
  {
    name: 'Residential',
    services: {
      designer_cp:
        'Prepare the architectural design set: floor plans, elevations, sections and details for permit, in two review rounds with the Firm.',
      eor_cp:
        'Act as Engineer of Record: review and stamp the structural calculations and drawings, and answer plan-check comments until the permit is issued.',
      ose_cp:
        'Visit the site, record existing conditions (photos, measurements, framing and foundation), and deliver a field report within three business days.',
      mdec_cp:
        'Prepare the mechanical, electrical and plumbing design and energy compliance documents for the permit set.',
      peer_review_cp:
        'Review the structural design independently and deliver written comments, then confirm the responses are resolved.',
      drafter_cp:
        'Draft the permit drawings from the Firm’s sketches and markups in the Firm’s CAD standards; two revision rounds included.',
      's.o_cp':
        'Perform structural observation at the stages the permit requires and issue the observation letters.',
      sss_cp:
        'Perform the site-specific survey: locate the building, setbacks and grades and deliver the survey drawing.',
      t24_cp: 'Prepare the Title 24 energy report and forms for the permit submittal.',
      scope_co1_cp: 'Services of the first scope change order, as described in the change order.',
      scope_co2_cp: 'Services of the second scope change order, as described in the change order.',
      scope_co3_cp: 'Services of the third scope change order, as described in the change order.',
      scope_co4_cp: 'Services of the fourth scope change order, as described in the change order.',
      scope_co5_cp: 'Services of the fifth scope change order, as described in the change order.',
    },
  },
  {
    name: 'Commercial',
    services: {
      designer_cp:
        'Prepare the tenant-improvement design set: plans, reflected ceiling plans, elevations and finish schedules, coordinated with the consultants.',
      eor_cp:
        'Act as Engineer of Record for the structural scope, including lateral analysis, and respond to plan check.',
      ose_cp:
        'Visit the site, survey the existing structure and document conditions affecting the design; deliver a field report with photos.',
      mdec_cp:
        'Design the mechanical, electrical and plumbing systems and prepare the energy compliance package.',
      peer_review_cp:
        'Provide the independent structural peer review the jurisdiction requires, with a closing letter.',
      drafter_cp:
        'Produce the construction documents in the Firm’s standards from the design team’s markups.',
      's.o_cp':
        'Provide structural observation and special-inspection coordination during construction.',
      sss_cp: 'Provide the site-specific survey and the utility locations for the design team.',
      t24_cp: 'Prepare the nonresidential Title 24 compliance documents.',
      scope_co1_cp: 'Services of the first scope change order, as described in the change order.',
      scope_co2_cp: 'Services of the second scope change order, as described in the change order.',
      scope_co3_cp: 'Services of the third scope change order, as described in the change order.',
      scope_co4_cp: 'Services of the fourth scope change order, as described in the change order.',
      scope_co5_cp: 'Services of the fifth scope change order, as described in the change order.',
    },
  },
];
