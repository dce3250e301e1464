import { CHANGE_ORDER_LABELS, CLIENT_SIGNATORY_ROLE, CP_ROLES } from '@prosign/domain';
import type { AppConfig } from '../../platform/config/app-config';
import { PARTNER_CONTACT_TYPE, type CrmProperties } from './crm.port';
import type {
  CrmObjectType,
  OwnerDoc,
  PipelineDoc,
  PropertyDefinitionDoc,
} from './local-crm.collections';
import {
  CITIES,
  contactId,
  dealId,
  DEMO_CHANGE_ORDER_DEAL_COUNT,
  DEMO_DEAL_COUNT,
  DEMO_OWNERS,
  emailOf,
  FIRST,
  LAST,
  pad,
  PARTNERS,
  partnerId,
  phoneOf,
  PROJECT_OVERVIEWS,
  PROJECT_TYPES,
  projectId,
  SERVICE_TYPES,
  STREETS,
} from './local-crm.demo-names';

/**
 * Demo data of the local CRM: realistic enough to run every flow by hand.
 * Deterministic (same ids every time) so seeding is idempotent and tests and
 * e2e specs can name records. Seeded ids stay below 90 000 000; records the
 * product creates get ids above.
 */
interface DemoRecord {
  id: string;
  properties: CrmProperties;
}

interface DemoAssociation {
  fromType: CrmObjectType;
  fromId: string;
  toType: CrmObjectType;
  toId: string;
  labels: string[];
}

export interface LocalCrmDemoData {
  owners: OwnerDoc[];
  pipelines: PipelineDoc[];
  properties: PropertyDefinitionDoc[];
  deals: DemoRecord[];
  contacts: DemoRecord[];
  projects: DemoRecord[];
  associations: DemoAssociation[];
}

/** The sales and change-order pipelines of the demo CRM, with their stages. */
function demoPipelines(config: AppConfig) {
  const salesStages = [
    { id: 'appointmentscheduled', label: 'Appointment Scheduled' },
    { id: 'qualifiedtobuy', label: 'Qualified To Buy' },
    { id: 'presentationscheduled', label: 'Proposal Scheduled' },
    { id: config.CRM_CONTRACT_SENT_STAGE, label: 'Contract Sent' },
    { id: config.CRM_CONTRACT_SIGNED_STAGE, label: 'Contract Signed' },
    { id: 'closedlost', label: 'Closed Lost' },
  ];
  const coStages = [
    { id: 'co_new', label: 'Change Order Requested' },
    { id: config.CRM_CHANGE_ORDER_SENT_STAGE, label: 'Change Order Sent' },
    { id: config.CRM_CHANGE_ORDER_SIGNED_STAGE, label: 'Change Order Signed' },
  ];
  const pipelines: PipelineDoc[] = [
    { _id: 'default', label: 'Sales Pipeline', stages: salesStages },
    { _id: config.CRM_CHANGE_ORDER_PIPELINE, label: 'Change Orders', stages: coStages },
  ];
  return { pipelines, salesStages, coStages };
}

/** The demo CRM's property definitions with their options (deal stages among them). */
function demoProperties(
  stages: ReadonlyArray<{ id: string; label: string }>,
): PropertyDefinitionDoc[] {
  const options = (values: readonly string[]) => values.map((value) => ({ label: value, value }));
  const properties: PropertyDefinitionDoc[] = [
    {
      _id: 'deals.project_type',
      objectType: 'deals',
      name: 'project_type',
      label: 'Project type',
      options: options(PROJECT_TYPES),
    },
    {
      _id: 'deals.service_type',
      objectType: 'deals',
      name: 'service_type',
      label: 'Service type',
      options: options(SERVICE_TYPES),
    },
    {
      _id: 'deals.dealstage',
      objectType: 'deals',
      name: 'dealstage',
      label: 'Deal stage',
      options: stages.map((stage) => ({
        label: stage.label,
        value: stage.id,
      })),
    },
    {
      _id: 'projects.project_type',
      objectType: 'projects',
      name: 'project_type',
      label: 'Project type',
      options: options(PROJECT_TYPES),
    },
    {
      _id: 'contacts.project_role__sales_rep',
      objectType: 'contacts',
      name: 'project_role__sales_rep',
      label: 'Project role',
      options: options(CP_ROLES),
    },
    {
      _id: 'contacts.current_partnership_rapport',
      objectType: 'contacts',
      name: 'current_partnership_rapport',
      label: 'Current partnership rapport',
      options: options(['Excellent', 'Good', 'Average', 'Blacklisted']),
    },
  ];
  return properties;
}

/** The demo projects, 60000001–60000008. */
function demoProjects(): DemoRecord[] {
  const projects: DemoRecord[] = [];
  for (let n = 1; n <= 8; n++) {
    const [city, zip] = CITIES[n % CITIES.length];
    const id = projectId(n);
    projects.push({
      id,
      properties: {
        project_name: `${STREETS[n % STREETS.length]} ${PROJECT_TYPES[n % PROJECT_TYPES.length]}`,
        address: `${STREETS[n % STREETS.length]}, ${city}, CA ${zip}`,
        property_address: STREETS[n % STREETS.length],
        city,
        state: 'CA',
        zip,
        project_type: PROJECT_TYPES[n % PROJECT_TYPES.length],
        main_contract_signed_date: `2025-${pad((n % 12) + 1)}-${pad(n + 10)}`,
        project_overview: PROJECT_OVERVIEWS[n % PROJECT_OVERVIEWS.length],
        hs_object_id: id,
      },
    });
  }
  return projects;
}

/**
 * Change-order deals: most linked to a project under a label; one without a project; one
 * (40000107) linked to project 60000004 without a label, so the /co screen asks for one.
 */
function addChangeOrderDeals(
  config: AppConfig,
  records: { deals: DemoRecord[]; projects: DemoRecord[]; associations: DemoAssociation[] },
  addClient: () => string,
): void {
  const { deals, projects, associations } = records;
  const addressProperty = config.CRM_DEAL_ADDRESS_PROPERTY;
  const coLinks: Array<[number, number, number | null] | null> = [
    [1, 1, 0],
    [2, 1, 1],
    [3, 2, 0],
    [4, 3, 0],
    [5, 1, 2],
    null,
    [7, 4, null],
  ];
  for (let n = 1; n <= DEMO_CHANGE_ORDER_DEAL_COUNT; n++) {
    const link = coLinks[n - 1];
    const project = link ? projects[link[1] - 1] : projects[7];
    const id = dealId(100 + n);
    const amount = 800 + n * 350;
    deals.push({
      id,
      properties: {
        dealname: `CO${n} — ${project.properties.property_address}`,
        amount: String(amount),
        deposit_amount: String(amount),
        progress_amount: '0',
        balance_amount: '0',
        [addressProperty]: project.properties.property_address,
        city: project.properties.city,
        state: 'CA',
        zip: project.properties.zip,
        service_type: 'Change Order',
        project_type: project.properties.project_type,
        customer_success_manager: DEMO_OWNERS[n % 3]._id,
        hubspot_owner_id: DEMO_OWNERS[n % 3]._id,
        pipeline: config.CRM_CHANGE_ORDER_PIPELINE,
        dealstage: n % 3 === 0 ? config.CRM_CHANGE_ORDER_SENT_STAGE : 'co_new',
        contract_link: null,
        hs_object_id: id,
      },
    });
    const contact = addClient();
    associations.push({
      fromType: 'deals',
      fromId: id,
      toType: 'contacts',
      toId: contact,
      labels: [CLIENT_SIGNATORY_ROLE],
    });
    if (link) {
      associations.push({
        fromType: 'deals',
        fromId: id,
        toType: 'projects',
        toId: project.id,
        labels: link[2] === null ? [] : [CHANGE_ORDER_LABELS[link[2]]],
      });
    }
  }
}

export function localCrmDemoData(config: AppConfig): LocalCrmDemoData {
  const addressProperty = config.CRM_DEAL_ADDRESS_PROPERTY;
  const { pipelines, salesStages, coStages } = demoPipelines(config);
  const properties = demoProperties([...salesStages, ...coStages]);

  const contacts: DemoRecord[] = [];
  const deals: DemoRecord[] = [];
  const associations: DemoAssociation[] = [];

  const addContact = (n: number): string => {
    const first = FIRST[n % FIRST.length];
    const last = LAST[(n * 5 + 3) % LAST.length];
    const id = contactId(n);
    contacts.push({
      id,
      properties: {
        firstname: first,
        middlename: n % 4 === 0 ? 'A.' : null,
        lastname: last,
        email: emailOf(first, `${last}${n}`, 'example.com'),
        phone: phoneOf(n),
        type: 'Client',
        hs_object_id: id,
      },
    });
    return id;
  };

  const projects = demoProjects();

  PARTNERS.forEach((partner, index) => {
    const id = partnerId(index + 1);
    contacts.push({
      id,
      properties: {
        firstname: partner.first,
        middlename: null,
        lastname: partner.last,
        email: emailOf(partner.first, partner.last, 'partners.example.com'),
        phone: phoneOf(200 + index),
        type: PARTNER_CONTACT_TYPE,
        project_role__sales_rep: partner.roles.join(';'),
        current_partnership_rapport: partner.rapport,
        hs_object_id: id,
      },
    });
    // Each partner works on one or two projects.
    associations.push({
      fromType: 'projects',
      fromId: projectId((index % 8) + 1),
      toType: 'contacts',
      toId: id,
      labels: [],
    });
    if (index % 3 === 0) {
      associations.push({
        fromType: 'projects',
        fromId: projectId(((index + 3) % 8) + 1),
        toType: 'contacts',
        toId: id,
        labels: [],
      });
    }
  });

  let contactNumber = 0;
  for (let n = 1; n <= DEMO_DEAL_COUNT; n++) {
    const [city, zip] = CITIES[n % CITIES.length];
    const street = `${100 + n * 37} ${STREETS[n % STREETS.length].replace(/^\d+ /, '')}`;
    const amount = 2500 + (n % 9) * 750;
    const owner = DEMO_OWNERS[n % 3];
    const stage = salesStages[n % salesStages.length].id;
    const id = dealId(n);
    deals.push({
      id,
      properties: {
        dealname: `${street} — ${SERVICE_TYPES[n % SERVICE_TYPES.length]}`,
        amount: String(amount),
        deposit_amount: String(amount / 2),
        progress_amount: '0',
        balance_amount: String(amount / 2),
        [addressProperty]: street,
        city,
        state: 'CA',
        zip,
        service_type: SERVICE_TYPES[n % SERVICE_TYPES.length],
        // Every fifth deal lacks its project type: the missing-properties modal has work to do.
        project_type:
          n % 5 === 0
            ? null
            : [PROJECT_TYPES[n % 6], ...(n % 4 === 0 ? [PROJECT_TYPES[(n + 2) % 6]] : [])].join(
                ';',
              ),
        customer_success_manager: owner._id,
        hubspot_owner_id: owner._id,
        pipeline: 'default',
        dealstage: stage,
        contract_link: null,
        hs_object_id: id,
      },
    });

    // Signatories: every seventh deal has none, every third has two or three.
    const signatories = n % 7 === 0 ? 0 : n % 3 === 0 ? 2 + (n % 2) : 1;
    for (let s = 0; s < signatories; s++) {
      const contact = addContact(++contactNumber);
      associations.push({
        fromType: 'deals',
        fromId: id,
        toType: 'contacts',
        toId: contact,
        labels: [CLIENT_SIGNATORY_ROLE],
      });
    }
    if (n % 4 === 1) {
      const contact = addContact(++contactNumber);
      associations.push({
        fromType: 'deals',
        fromId: id,
        toType: 'contacts',
        toId: contact,
        labels: ['Architect'],
      });
    }
    // A contact without any role on a few deals.
    if (n % 10 === 2) {
      const contact = addContact(++contactNumber);
      associations.push({
        fromType: 'deals',
        fromId: id,
        toType: 'contacts',
        toId: contact,
        labels: [],
      });
    }
  }

  addChangeOrderDeals(config, { deals, projects, associations }, () => addContact(++contactNumber));

  // Each project has a client of its own among the deals' signatories (linked client contacts).
  for (let n = 1; n <= projects.length && n <= contactNumber; n++) {
    associations.push({
      fromType: 'projects',
      fromId: projectId(n),
      toType: 'contacts',
      toId: contactId(n),
      labels: [],
    });
  }

  return { owners: DEMO_OWNERS, pipelines, properties, deals, contacts, projects, associations };
}
