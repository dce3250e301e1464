// The fixed material of the local CRM's demo data: service and project types, names,
// addresses, owners, partners, and the id ranges its records take (see local-crm.demo-data).
import { type CpRole } from '@prosign/domain';
import type { OwnerDoc } from './local-crm.collections';

export const SERVICE_TYPES = [
  'Structural Engineering',
  'Drafting Services',
  'Inspection',
  'Title 24 Energy Report',
  'ADU Design',
  'Seismic Retrofit',
] as const;

export const PROJECT_TYPES = [
  'ADU',
  'Remodel',
  'Addition',
  'New Construction',
  'Foundation Repair',
  'Seismic Retrofit',
] as const;

export const STREETS = [
  '1420 Alameda Ave',
  '88 Sunset Blvd',
  '2211 Oak Knoll Dr',
  '517 Magnolia St',
  '3900 El Camino Real',
  '64 Harbor View Rd',
  '1775 Grand Ave',
  '930 Redwood Ln',
  '410 Mission St',
  '2650 Lakeshore Ave',
  '73 Cypress Ct',
  '1208 Vine St',
];
export const CITIES: Array<[string, string]> = [
  ['San Jose', '95126'],
  ['Oakland', '94610'],
  ['Sacramento', '95818'],
  ['Pasadena', '91105'],
  ['Berkeley', '94703'],
  ['San Diego', '92103'],
  ['Fresno', '93704'],
  ['Los Angeles', '90026'],
];
export const FIRST = [
  'Maria',
  'James',
  'Priya',
  'Daniel',
  'Sofia',
  'Kevin',
  'Aiko',
  'Marcus',
  'Elena',
  'Tom',
  'Grace',
  'Luis',
];
export const LAST = [
  'Garcia',
  'Nguyen',
  'Patel',
  'Kim',
  'Johnson',
  'Lopez',
  'Chen',
  'Okafor',
  'Rossi',
  'Walsh',
  'Silva',
  'Brooks',
];

export const DEMO_OWNERS: OwnerDoc[] = [
  { _id: '71000001', email: 'olivia.reed@prosign.example', firstName: 'Olivia', lastName: 'Reed' },
  {
    _id: '71000002',
    email: 'ethan.brooks@prosign.example',
    firstName: 'Ethan',
    lastName: 'Brooks',
  },
  {
    _id: '71000003',
    email: 'nina.alvarez@prosign.example',
    firstName: 'Nina',
    lastName: 'Alvarez',
  },
  { _id: '71000004', email: 'sam.tanaka@prosign.example', firstName: 'Sam', lastName: 'Tanaka' },
  {
    _id: '71000005',
    email: 'rachel.owens@prosign.example',
    firstName: 'Rachel',
    lastName: 'Owens',
  },
];

/** Partner roles and rapport: every CP role of spec 3 §9 is held by someone; one partner is blacklisted. */
export const PARTNERS: Array<{ first: string; last: string; roles: CpRole[]; rapport: string }> = [
  { first: 'Hannah', last: 'Cole', roles: ['designer_cp', 'drafter_cp'], rapport: 'Excellent' },
  { first: 'Victor', last: 'Ibarra', roles: ['eor_cp'], rapport: 'Excellent' },
  { first: 'Mei', last: 'Lin', roles: ['ose_cp', 'sss_cp'], rapport: 'Good' },
  { first: 'Rob', last: 'Delgado', roles: ['mdec_cp'], rapport: 'Good' },
  { first: 'Anita', last: 'Shah', roles: ['peer_review_cp'], rapport: 'Excellent' },
  { first: 'Carl', last: 'Jensen', roles: ['s.o_cp'], rapport: 'Average' },
  { first: 'Tessa', last: 'Moreno', roles: ['t24_cp'], rapport: 'Good' },
  { first: 'Ivan', last: 'Petrov', roles: ['scope_co1_cp', 'scope_co2_cp'], rapport: 'Good' },
  {
    first: 'Lena',
    last: 'Fischer',
    roles: ['scope_co3_cp', 'scope_co4_cp', 'scope_co5_cp'],
    rapport: 'Average',
  },
  { first: 'Derek', last: 'Vance', roles: ['eor_cp', 'designer_cp'], rapport: 'Blacklisted' },
  { first: 'Omar', last: 'Haddad', roles: ['drafter_cp', 't24_cp'], rapport: 'Excellent' },
  { first: 'Julia', last: 'Park', roles: ['ose_cp'], rapport: 'Good' },
];

/** What the SOW's project overview starts from (the CRM's `project_overview`). */
export const PROJECT_OVERVIEWS = [
  'Second-storey addition over the existing garage, with a new stair and a bathroom.',
  'Seismic retrofit of a raised-floor wood-frame house: cripple walls, hold-downs and foundation bolting.',
  'Kitchen and great-room remodel removing a bearing wall; new beam and posts to the foundation.',
  'Detached accessory dwelling unit of 750 sq ft on a slab foundation.',
  'Tenant improvement of a ground-floor retail space: new storefront, restrooms and rooftop unit.',
  'Foundation repair after settlement at the rear corner; underpinning and drainage.',
];

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const emailOf = (first: string, last: string, domain: string) =>
  `${first}.${last}@${domain}`.toLowerCase();
export const phoneOf = (n: number) => `+1408555${pad(1000 + n, 4).slice(-4)}`;
export const dealId = (n: number) => String(40_000_000 + n);
export const contactId = (n: number) => String(50_000_000 + n);
export const partnerId = (n: number) => String(55_000_000 + n);
export const projectId = (n: number) => String(60_000_000 + n);

export const DEMO_DEAL_COUNT = 30;
export const DEMO_CHANGE_ORDER_DEAL_COUNT = 7;
