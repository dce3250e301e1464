import { DEFAULT_FORM_FIELDS, type FormField, formField } from '@prosign/domain';
import {
  DRAFTING_SERVICES_TEMPLATE,
  STANDARD_AGREEMENT_TEMPLATE,
  type StandardSectionKey,
} from '../documents';

type Sections = Record<StandardSectionKey, string>;

function sectionsOf(template: {
  content: { sections: Array<{ key: string; body: string }> };
}): Sections {
  return Object.fromEntries(
    template.content.sections.map((section) => [section.key, section.body]),
  ) as Sections;
}

/** The standard texts every seeded service starts from: the document engine's templates. */
const STANDARD = sectionsOf(STANDARD_AGREEMENT_TEMPLATE);
const DRAFTING = sectionsOf(DRAFTING_SERVICES_TEMPLATE);

/** The standard form with some fields changed or added. */
function formWith(changes: Partial<Record<string, Partial<FormField>>>): FormField[] {
  return DEFAULT_FORM_FIELDS.map((field) => ({ ...field, ...changes[field.name] }));
}

export interface SeededService {
  /** Fixed ids, so seeding is idempotent and e2e tests can name a service. */
  _id: string;
  serviceName: string;
  agreementTitle: string;
  texts: Partial<Sections>;
  changeBasicServices: boolean;
  defaultTnC: boolean;
  formFields: FormField[];
}

/**
 * Demo services, in their initial order. Every text keeps the `$placeholders`
 * the document engine fills (contract-placeholders.ts).
 */
export const SEEDED_SERVICES: SeededService[] = [
  {
    _id: '650000000000000000000001',
    serviceName: 'Structural Engineering',
    agreementTitle: 'Structural Engineering Services Agreement',
    texts: {
      engineerBasicService: `The Engineer shall provide the following structural engineering services for the Project:
- Review of the architectural drawings and existing-condition information provided by the Client.
- Structural design of the new and altered gravity and lateral force-resisting elements, in accordance with the current California Building Code and the requirements of the local building department.
- Stamped and signed structural drawings, calculations and general notes suitable for submission for a building permit.
- Responses to one (1) round of plan-check comments on the Engineer's drawings and calculations.

$title_report_clause`,
    },
    changeBasicServices: true,
    defaultTnC: true,
    formFields: formWith({ pm_email: { required: true } }),
  },
  {
    _id: '650000000000000000000002',
    serviceName: 'MEP Design',
    agreementTitle: 'Mechanical, Electrical and Plumbing Design Agreement',
    texts: {
      engineerBasicService: `The Engineer shall provide the following mechanical, electrical and plumbing (MEP) design services for the Project:
- Heating, ventilation and air-conditioning layout with equipment sizing and load calculations.
- Electrical service and panel schedules, lighting and power plans, and single-line diagram.
- Plumbing fixture, water supply, waste and vent plans with fixture-unit calculations.
- Stamped MEP drawings suitable for submission for a building permit, and one (1) round of plan-check responses.

$title_report_clause`,
    },
    changeBasicServices: false,
    defaultTnC: true,
    formFields: formWith({}),
  },
  {
    _id: '650000000000000000000003',
    serviceName: 'Drafting Services',
    agreementTitle: DRAFTING_SERVICES_TEMPLATE.title,
    texts: DRAFTING,
    changeBasicServices: false,
    defaultTnC: true,
    formFields: formWith({}),
  },
  {
    _id: '650000000000000000000004',
    serviceName: 'Title 24 Energy Compliance',
    agreementTitle: 'Title 24 Energy Compliance Agreement',
    texts: {
      projectDescription: `The Project consists of $project_type work at $full_address. The Engineer will prepare the California Title 24, Part 6 energy compliance documentation for the $service_type scope described in this Agreement, based on the Client's architectural drawings and equipment selections.`,
      engineerBasicService: `The Engineer shall provide the following energy compliance services:
- Energy modelling of the building envelope, mechanical and water-heating systems with approved compliance software.
- Completed CF1R compliance forms and the energy notes to be printed on the permit drawings.
- One (1) revision of the model after plan-check comments.

$title_report_clause`,
    },
    changeBasicServices: false,
    defaultTnC: true,
    formFields: formWith({}),
  },
  {
    _id: '650000000000000000000005',
    serviceName: 'Inspection',
    agreementTitle: 'Structural Observation and Inspection Agreement',
    texts: {
      engineerBasicService: `The Engineer shall provide the following site services for the Project:
- One (1) structural observation site visit at the stage of construction agreed with the Client.
- A written observation report with photographs, listing any deviations from the approved structural drawings.
- Review of the contractor's corrections of the deviations reported, from photographs supplied by the Client.

$title_report_clause`,
      engineerFee: `$payment_clause

The fee is due in full on signing. Additional site visits are billed at the Engineer's hourly rates in effect when they take place.`,
    },
    changeBasicServices: false,
    defaultTnC: false,
    // Inspection is paid in full up front (spec 2 §5): progress and balance stay 0.
    formFields: formWith({
      progress: { isNotEditable: true },
      balance: { isNotEditable: true },
      deposit: { isNotEditable: true },
    }),
  },
  {
    _id: '650000000000000000000006',
    serviceName: 'Foundation Repair Engineering',
    agreementTitle: 'Foundation Repair Engineering Agreement',
    texts: {
      engineerBasicService: `The Engineer shall provide the following foundation repair engineering services:
- A site visit to observe the existing foundation and document distress, with a floor-level survey.
- A repair design (underpinning, new footings or slab repair as required) with stamped drawings and calculations.
- Responses to one (1) round of plan-check comments.

$title_report_clause`,
    },
    changeBasicServices: true,
    defaultTnC: true,
    formFields: [
      ...formWith({}),
      formField('company_name', 'Company Name', 'text', { required: false }),
    ].filter((field, index, all) => all.findIndex((f) => f.name === field.name) === index),
  },
];

/** A seeded service's full texts: its own, else the standard agreement's. */
export function seededTexts(service: SeededService): Sections {
  return { ...STANDARD, ...service.texts };
}
